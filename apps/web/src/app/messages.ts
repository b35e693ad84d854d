import type { Language } from '../i18n/i18n';
import { accountMigrationMessages } from '../features/account-migration/account-migration.messages';
import { dashboardMessages } from '../features/dashboard/dashboard.messages';
import { dataExportMessages } from '../features/data-export/data-export.messages';
import { salesLinesExportMessages } from '../features/data-export/sales-lines-export.messages';
import { accountingExportMessages } from '../features/accounting-export/accounting-export.messages';
import { accountingPackMessages } from '../features/accounting-export/accounting-pack.messages';
import { accountingConfigMessages } from '../features/accounting-export/accounting-config.messages';
import { fiscalMessages } from '../features/fiscal/fiscal.messages';
import { signatureCheckMessages } from '../features/fiscal-check/signature-check.messages';
import { fiscalArchiveGuideMessages } from '../features/fiscal-archives/fiscal-archive-guide.messages';
import { fiscalArchivesMessages } from '../features/fiscal-archives/fiscal-archives.messages';
import { fiscalKeysMessages } from '../features/fiscal-keys/fiscal-keys.messages';
import { fiscalAccessMessages } from '../features/fiscal-access/fiscal-access.messages';
import { fiscalErrorsMessages } from '../features/fiscal-errors/fiscal-errors.messages';
import { jetMessages } from '../features/jet/jet.messages';
import { helpMessages } from '../features/help/help.messages';
import { userMessages } from '../features/user/user.messages';
import { mailboxMessages } from '../features/mailbox/mailbox.messages';
import { notificationsMessages } from '../features/notifications/notifications.messages';
import { reportsMessages } from '../features/reports/reports.messages';
import { bardistribMessages } from '../features/bardistrib/bardistrib.messages';
import { feedMessages } from '../features/feed/feed.messages';
import { customerAccountDetailMessages } from '../features/customer-accounts/customer-account-detail.messages';
import { customerAccountsListMessages } from '../features/customer-accounts/customer-accounts-list.messages';
import { customerDunningMessages } from '../features/customer-accounts/customer-dunning.messages';
import { customerPaymentsMessages } from '../features/customer-accounts/customer-payments.messages';
import { supportMessages } from '../features/support/support.messages';
import { partnersMessages } from '../features/partners/partners.messages';
import { ouilinkMessages } from '../features/ouilink/ouilink.messages';
import { documentationMessages } from '../features/documentation/documentation.messages';
import { videosMessages } from '../features/videos/videos.messages';
import { faqMessages } from '../features/faq/faq.messages';
import { notificationPublishingMessages } from '../features/notification-publishing/notification-publishing.messages';
import { sponsorshipMessages } from '../features/sponsorship/sponsorship.messages';
import { appMessages } from './app.messages';
import { shellMessages } from './shell.messages';
import { uiMessages } from '../ui/ui.messages';
import { commonMessages } from '../i18n/common.messages';
import { menuMessages } from '../features/menu/menu.messages';

/** Every area's texts; a key belongs to exactly one area (checked by messages.test.ts). */
export const areas = {
  common: commonMessages,
  app: appMessages,
  shell: shellMessages,
  ui: uiMessages,
  menu: menuMessages,
  dashboard: dashboardMessages,
  notifications: notificationsMessages,
  help: helpMessages,
  user: userMessages,
  dataExport: dataExportMessages,
  salesLinesExport: salesLinesExportMessages,
  accountingExport: accountingExportMessages,
  accountingPack: accountingPackMessages,
  accountingConfig: accountingConfigMessages,
  accountMigration: accountMigrationMessages,
  mailbox: mailboxMessages,
  support: supportMessages,
  fiscal: fiscalMessages,
  signatureCheck: signatureCheckMessages,
  fiscalArchives: fiscalArchivesMessages,
  fiscalArchiveGuide: fiscalArchiveGuideMessages,
  fiscalKeys: fiscalKeysMessages,
  fiscalAccess: fiscalAccessMessages,
  fiscalErrors: fiscalErrorsMessages,
  jet: jetMessages,
  reports: reportsMessages,
  bardistrib: bardistribMessages,
  feed: feedMessages,
  customerAccountDetail: customerAccountDetailMessages,
  customerAccountsList: customerAccountsListMessages,
  customerDunning: customerDunningMessages,
  customerPayments: customerPaymentsMessages,
  partners: partnersMessages,
  ouilink: ouilinkMessages,
  documentation: documentationMessages,
  videos: videosMessages,
  faq: faqMessages,
  notificationPublishing: notificationPublishingMessages,
  sponsorship: sponsorshipMessages,
};

function merge(language: Language): Record<string, string> {
  return Object.assign({}, ...Object.values(areas).map((area) => area[language]));
}

/** The whole portal's texts per language, for the checks alone: each part translates with its own. */
export const catalogs: Record<Language, Record<string, string>> = {
  fr: merge('fr'),
  en: merge('en'),
  es: merge('es'),
  ca: merge('ca'),
};
