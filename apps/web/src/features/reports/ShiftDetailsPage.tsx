import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShiftDetail } from '@comptoir/contracts';
import { useI18n } from '../../i18n/useI18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatBusinessDay, formatDateTime } from '../../ui/dates';
import { ReportFrame, type ReportContext } from './ReportFrame';
import { reportQueries } from './reportQueries';
import { ReportStatus } from './ReportStatus';
import { ReportTable } from './ReportTable';
import { turnover } from './salesFigures';
import { ShiftDetailDialog } from './ShiftDetailDialog';
import { cashMovementsTotal, paymentsTotal, shiftStaff } from './shiftFigures';

/** Shift details: each shift of each register, its takings and its cash count. */
export function ShiftDetailsPage({ title }: { title?: string }) {
  const { t } = useI18n();
  return (
    <ReportFrame title={title ?? t('area.shiftDetails')} hasActivityFilter={false}>
      {(context) => <ShiftDetailsReport context={context} />}
    </ReportFrame>
  );
}

function ShiftDetailsReport({ context }: { context: ReportContext }) {
  const { t } = useI18n();
  const { filters, isInclVat } = context;
  const query = useQuery({ ...reportQueries.shiftDetails(filters), placeholderData: keepPreviousData });
  const [openShiftId, setOpenShiftId] = useState<string | null>(null);
  const isSeveralCompanies = context.companies.length > 1;

  const columns: DataTableColumn<ShiftDetail>[] = [
    {
      id: 'number',
      header: t('reports.shifts.column.number'),
      value: (shift) => shift.number,
      render: (shift) => t('reports.shifts.number', { number: shift.number }),
      isRowHeader: true,
    },
    ...(isSeveralCompanies
      ? [
          {
            id: 'company',
            header: t('reports.column.company'),
            value: (shift: ShiftDetail) => shift.companyName,
          },
        ]
      : []),
    { id: 'register', header: t('reports.shifts.column.register'), value: (shift) => shift.registerName },
    {
      id: 'businessDay',
      header: t('reports.shifts.column.businessDay'),
      value: (shift) => formatBusinessDay(shift.businessDay),
    },
    {
      id: 'opening',
      header: t('reports.shifts.column.opening'),
      value: (shift) => formatDateTime(shift.openingDate),
    },
    {
      id: 'closing',
      header: t('reports.shifts.column.closing'),
      value: (shift) => formatDateTime(shift.closingDate),
    },
    { id: 'staff', header: t('reports.shifts.column.staff'), value: shiftStaff },
    {
      id: 'turnover',
      header: t(isInclVat ? 'reports.column.turnoverIvat' : 'reports.column.turnoverEvat'),
      kind: 'money',
      value: (shift) => turnover(shift, isInclVat),
    },
    { id: 'payments', header: t('reports.shifts.column.payments'), kind: 'money', value: paymentsTotal },
    {
      id: 'cashFloat',
      header: t('reports.shifts.column.cashFloat'),
      kind: 'money',
      value: (shift) => shift.cashFloat,
    },
    {
      id: 'cashMovements',
      header: t('reports.shifts.column.cashMovements'),
      kind: 'money',
      value: cashMovementsTotal,
    },
    {
      id: 'expectedCash',
      header: t('reports.shifts.column.expectedCash'),
      kind: 'money',
      value: (shift) => shift.expectedCash,
    },
    {
      id: 'countedCash',
      header: t('reports.shifts.column.countedCash'),
      kind: 'money',
      value: (shift) => shift.countedCash,
    },
    {
      id: 'cashDifference',
      header: t('reports.shifts.column.cashDifference'),
      kind: 'money',
      value: (shift) => shift.cashDifference,
      tone: (shift) => (shift.cashDifference < 0 ? 'negative' : undefined),
    },
  ];

  return (
    <ReportStatus query={query} isEmpty={(data) => data.shifts.length === 0}>
      {(data) => {
        const openShift = data.shifts.find((shift) => shift.id === openShiftId);
        return (
          <>
            <div className="card report-table-card">
              <ReportTable
                caption={t('reports.shifts.table')}
                filters={filters}
                columns={columns}
                rows={data.shifts}
                rowKey={(shift) => shift.id}
                onOpenRow={(shift) => setOpenShiftId(shift.id)}
                openRowLabel={(shift) =>
                  t('reports.shifts.open', { number: shift.number, register: shift.registerName })
                }
              />
            </div>
            {openShift ? (
              <ShiftDetailDialog
                shift={openShift}
                filters={filters}
                isInclVat={isInclVat}
                onClose={() => setOpenShiftId(null)}
              />
            ) : null}
          </>
        );
      }}
    </ReportStatus>
  );
}
