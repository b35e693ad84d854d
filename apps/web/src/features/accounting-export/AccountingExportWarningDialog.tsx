import { useI18n } from './accounting-export.i18n';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { AccountingMissingKind } from './accountingExportRules';

/** §2 and §4: why the period cannot be exported, by kind, and the way to the accounts' drawer. */
export function AccountingExportWarningDialog({
  isOpen,
  missing,
  onClose,
  onConfigure,
}: {
  isOpen: boolean;
  missing: readonly { kind: AccountingMissingKind; items: readonly { id: string; label: string }[] }[];
  onClose: () => void;
  onConfigure: () => void;
}) {
  const { t } = useI18n();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('accountingExport.warning.title')}
      cancelLabel={t('accountingExport.close')}
      confirmLabel={t('accountingExport.warning.configure')}
      onCancel={onClose}
      onConfirm={onConfigure}
    >
      <p>{t('accountingExport.warning.intro')}</p>
      {missing.map((group) => (
        <section key={group.kind} className="accounting-export-missing">
          <h3>{t(`accountingExport.warning.${group.kind}`)}</h3>
          <ul>
            {group.items.map((item) => (
              <li key={item.id}>{item.label}</li>
            ))}
          </ul>
        </section>
      ))}
    </ConfirmDialog>
  );
}
