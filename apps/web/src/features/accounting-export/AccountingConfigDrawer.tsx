export interface AccountingConfigDrawerProps {
  /** The establishment whose accounts, links and keys are configured. */
  companyId: string;
  onClose: () => void;
  /** After any saved change: the export page re-asks whether the period is exportable. */
  onSaved: () => void;
}

/** The right drawer "Configuration des comptes" (spec 3 §2): Comptes, Créer compte, Configuration. */
export function AccountingConfigDrawer({ companyId, onClose, onSaved }: AccountingConfigDrawerProps) {
  void companyId;
  void onClose;
  void onSaved;
  return null;
}
