import {
  isAccountingCsv,
  type AccountingExportFormat,
  type AccountingExportRecord,
  formatBusinessDay,
} from '@comptoir/contracts';
import { useI18n } from './accounting-export.i18n';
import { formatReportDateTime } from '../../ui/dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/**
 * The export of a period already exported in this format says so (when, by whom, which entries)
 * before writing it again: a FEC books only what changed, a CSV shows the whole period again.
 */
export function AccountingExportReexportDialog({
  isOpen,
  format,
  earlier,
  isExporting,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  format: AccountingExportFormat;
  earlier: readonly AccountingExportRecord[];
  isExporting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useI18n();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('accountingExport.reexport.title')}
      cancelLabel={t('accountingExport.cancel')}
      confirmLabel={t('accountingExport.reexport.confirm')}
      onCancel={onCancel}
      onConfirm={onConfirm}
      isPending={isExporting}
    >
      <p>
        {t(
          isAccountingCsv(format) ? 'accountingExport.reexport.introCsv' : 'accountingExport.reexport.intro',
        )}
      </p>
      {earlier.length > 0 ? (
        <ul className="accounting-export-earlier">
          {earlier.map((record) => (
            <li key={record.id}>
              {t('accountingExport.reexport.item', {
                date: formatReportDateTime(record.createdAt),
                who: record.requestedBy,
                start: formatBusinessDay(record.periodStart),
                end: formatBusinessDay(record.periodEnd),
                first: record.firstEcritureNum ?? '–',
                last: record.lastEcritureNum ?? '–',
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </ConfirmDialog>
  );
}
