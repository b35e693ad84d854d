import { formatBusinessDay } from '@comptoir/contracts';
import { Link } from 'react-router';
import type { ShiftDetail } from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatReportDateTime } from '../../ui/dates';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { formatMoney } from '../../ui/money';
import { formatInteger } from '../../ui/numbers';
import type { ReportFilters } from './reportFilters';
import { ReportTable } from './ReportTable';
import { turnover } from './salesFigures';
import { shiftStaff } from './shiftFigures';

type Payment = ShiftDetail['payments'][number];
type CashMovement = ShiftDetail['cashMovements'][number];

/** One shift opened from the table: its figures, its payments and cash movements, its control strip. */
export function ShiftDetailDialog({
  shift,
  filters,
  isInclVat,
  onClose,
}: {
  shift: ShiftDetail;
  filters: ReportFilters;
  isInclVat: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const paymentColumns: DataTableColumn<Payment>[] = [
    {
      id: 'type',
      header: t('reports.column.paymentType'),
      value: (payment) => payment.label,
      isRowHeader: true,
    },
    { id: 'amount', header: t('reports.column.paid'), kind: 'money', value: (payment) => payment.amount },
  ];
  const movementColumns: DataTableColumn<CashMovement>[] = [
    {
      id: 'at',
      header: t('reports.shifts.column.time'),
      value: (movement) => formatReportDateTime(movement.at),
      isRowHeader: true,
    },
    {
      id: 'amount',
      header: t('reports.shifts.column.amount'),
      kind: 'money',
      value: (movement) => movement.amount,
    },
    { id: 'notice', header: t('reports.shifts.column.notice'), value: (movement) => movement.notice },
    { id: 'user', header: t('reports.shifts.column.user'), value: (movement) => movement.user },
  ];
  const facts: [string, string, boolean?][] = [
    [t('reports.column.company'), shift.companyName],
    [t('reports.shifts.column.businessDay'), formatBusinessDay(shift.businessDay)],
    [t('reports.shifts.column.opening'), formatReportDateTime(shift.openingDate)],
    [t('reports.shifts.column.closing'), formatReportDateTime(shift.closingDate)],
    [t('reports.shifts.column.staff'), shiftStaff(shift)],
    [t('reports.column.orders'), formatInteger(shift.orders)],
    [t('reports.column.covers'), formatInteger(shift.covers)],
    [
      t(isInclVat ? 'reports.column.turnoverIvat' : 'reports.column.turnoverEvat'),
      formatMoney(turnover(shift, isInclVat)),
    ],
    [t('reports.shifts.column.cashFloat'), formatMoney(shift.cashFloat)],
    [t('reports.shifts.column.expectedCash'), formatMoney(shift.expectedCash)],
    [t('reports.shifts.column.countedCash'), formatMoney(shift.countedCash)],
    [t('reports.shifts.column.cashDifference'), formatMoney(shift.cashDifference), shift.cashDifference < 0],
  ];
  const title = t('reports.shifts.dialogTitle', { number: shift.number, register: shift.registerName });

  return (
    <Modal isOpen title={title} onClose={onClose} size="large">
      <div className="shift-detail">
        <dl className="shift-facts">
          {facts.map(([label, value, isNegative]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={isNegative ? 'is-negative' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
        <ReportTable
          caption={t('reports.shifts.paymentsTable', { number: shift.number })}
          filters={filters}
          columns={paymentColumns}
          rows={shift.payments}
          rowKey={(payment) => payment.paymentTypeId}
        />
        <ReportTable
          caption={t('reports.shifts.movementsTable', { number: shift.number })}
          filters={filters}
          columns={movementColumns}
          rows={shift.cashMovements}
          rowKey={(movement) => movement.id}
        />
        <Link
          className="button button-primary shift-detail-strip"
          to={`/v2/control-strip?serviceId=${shift.id}`}
        >
          <Icon name="strip" size={18} />
          <span>{t('reports.shifts.controlStrip')}</span>
        </Link>
      </div>
    </Modal>
  );
}
