import { AccountingConfigDrawer } from './AccountingConfigDrawer';

/** The accounting export (`export-vat`, spec 3 §2 "Accounting export (FEC/CSV)"). */
export function AccountingExportPage() {
  return <AccountingConfigDrawer companyId="" onClose={() => undefined} onSaved={() => undefined} />;
}
