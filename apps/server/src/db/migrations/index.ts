import type { Migration } from 'kysely';
import * as identity from './001-identity';
import * as pos from './002-pos';
import * as backoffice from './003-backoffice';
import * as shell from './004-shell';
import * as accountMigration from './005-account-migration';
import * as reportRollups from './006-report-rollups';
import * as activityFromTotals from './007-activity-from-totals';
import * as signatureCheck from './009-signature-check';
import * as serverClosures from './010-server-closures';
import * as recordSeals from './011-record-seals';
import * as batchDigests from './012-batch-digests';
import * as customerCreditLimit from './013-customer-credit-limit';
import * as customerHistory from './014-customer-history';
import * as customerFigures from './016-customer-figures';
import * as accountingRollups from './017-accounting-rollups';
import * as accountingCorrections from './018-accounting-corrections';
import * as serverKeys from './019-server-keys';
import * as partners from './020-partners';
import * as documents from './021-documents';
import * as videos from './022-videos';
import * as faq from './023-faq';
import * as notificationPublishingReferrals from './024-notification-publishing-referrals';
import * as accountingDayTexts from './025-accounting-day-texts';
import * as accountingMonthPacks from './026-accounting-month-packs';
import * as accountingLedger from './027-accounting-ledger';
import * as noCashFloatEntry from './028-no-cash-float-entry';
import * as discountsBookedNet from './029-discounts-booked-net';
import * as accountingCashAndAvoirs from './030-accounting-cash-and-avoirs';
import * as vatKeysByPattern from './031-vat-keys-by-pattern';
import * as customerPrepaidDays from './032-customer-prepaid-days';
import * as phonesOneRule from './033-phones-one-rule';
import * as jetRefusalTallies from './034-jet-refusal-tallies';
import * as customerDunning from './035-customer-dunning';
import * as backOfficeRegisters from './036-back-office-registers';
import * as sharedFilesAndLimits from './037-shared-files-and-limits';
import * as jobLeasesMailRetries from './038-job-leases-mail-retries';
import * as deploymentIdentity from './040-deployment-identity';

/** Applied in key order; a key never changes once released. */
export const migrations: Record<string, Migration> = {
  '001-identity': identity,
  '002-pos': pos,
  '003-backoffice': backoffice,
  '004-shell': shell,
  '005-account-migration': accountMigration,
  '006-report-rollups': reportRollups,
  '007-activity-from-totals': activityFromTotals,
  '009-signature-check': signatureCheck,
  '010-server-closures': serverClosures,
  '011-record-seals': recordSeals,
  '012-batch-digests': batchDigests,
  '013-customer-credit-limit': customerCreditLimit,
  '014-customer-history': customerHistory,
  '016-customer-figures': customerFigures,
  '017-accounting-rollups': accountingRollups,
  '018-accounting-corrections': accountingCorrections,
  '019-server-keys': serverKeys,
  '020-partners': partners,
  '021-documents': documents,
  '022-videos': videos,
  '023-faq': faq,
  '024-notification-publishing-referrals': notificationPublishingReferrals,
  '025-accounting-day-texts': accountingDayTexts,
  '026-accounting-month-packs': accountingMonthPacks,
  '027-accounting-ledger': accountingLedger,
  '028-no-cash-float-entry': noCashFloatEntry,
  '029-discounts-booked-net': discountsBookedNet,
  '030-accounting-cash-and-avoirs': accountingCashAndAvoirs,
  '031-vat-keys-by-pattern': vatKeysByPattern,
  '032-customer-prepaid-days': customerPrepaidDays,
  '033-phones-one-rule': phonesOneRule,
  '034-jet-refusal-tallies': jetRefusalTallies,
  '035-customer-dunning': customerDunning,
  '036-back-office-registers': backOfficeRegisters,
  '037-shared-files-and-limits': sharedFilesAndLimits,
  '038-job-leases-mail-retries': jobLeasesMailRetries,
  '040-deployment-identity': deploymentIdentity,
};
