import type { IdentityTables } from './identity';
import type { PosTables } from './pos';
import type { AccountMigrationTables } from './account-migration';
import type { AccountingTables } from './accounting';
import type { CustomerAccountTables } from './customer-accounts';
import type { DocumentReprintTables } from './document-reprints';
import type { ExportTables } from './exports';
import type { FeedTables } from './feed';
import type { FiscalAccessTables } from './fiscal-access';
import type { FiscalArchiveTables } from './fiscal-archives';
import type { FiscalCheckTables } from './fiscal-check';
import type { HelpTables } from './help';
import type { JetTables } from './jet';
import type { JobTables } from './jobs';
import type { MailTables } from './mail';
import type { MenuTables } from './menu';
import type { NotificationTables } from './notifications';
import type { PartnerTables } from './partners';
import type { ReportSettingsTables } from './report-settings';
import type { ServerClosureTables } from './server-closures';
import type { SharedStateTables } from './shared-state';
import type { SponsorshipTables } from './sponsorship';
import type { WareTables } from './wares';

/** Every table, as Kysely sees it: one file per migration area, the back office's one per area. */
export interface Database
  extends
    IdentityTables,
    PosTables,
    AccountMigrationTables,
    AccountingTables,
    CustomerAccountTables,
    DocumentReprintTables,
    ExportTables,
    FeedTables,
    FiscalAccessTables,
    FiscalArchiveTables,
    FiscalCheckTables,
    HelpTables,
    JetTables,
    JobTables,
    MailTables,
    MenuTables,
    NotificationTables,
    PartnerTables,
    ReportSettingsTables,
    ServerClosureTables,
    SharedStateTables,
    SponsorshipTables,
    WareTables {}
