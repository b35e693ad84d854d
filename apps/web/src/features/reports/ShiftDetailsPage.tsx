import { formatBusinessDay } from '@comptoir/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShiftDetail, ShiftDetails } from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatReportDateTime } from '../../ui/dates';
import { formatMoney } from '../../ui/money';
import { formatInteger } from '../../ui/numbers';
import { DEFAULT_PAGE_SIZE } from '../../ui/paging';
import { ReportFrame, type ReportContext } from './ReportFrame';
import { allShifts, reportQueries } from './reportQueries';
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
  // Back to the first page when the establishments or the period change.
  const filterKey = `${filters.companyIds.join(',')}|${filters.begin}|${filters.end}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const query = useQuery({
    ...reportQueries.shiftDetails(filters, page, DEFAULT_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
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
      value: (shift) => formatReportDateTime(shift.openingDate),
    },
    {
      id: 'closing',
      header: t('reports.shifts.column.closing'),
      value: (shift) => formatReportDateTime(shift.closingDate),
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
    <ReportStatus query={query} isEmpty={(data) => data.total === 0}>
      {(data) => {
        const openShift = data.shifts.find((shift) => shift.id === openShiftId);
        return (
          <>
            <ShiftTotals data={data} isInclVat={isInclVat} />
            <div className="card report-table-card">
              <ReportTable
                caption={t('reports.shifts.table')}
                filters={filters}
                columns={columns}
                rows={data.shifts}
                rowKey={(shift) => shift.id}
                remotePaging={{
                  page: data.page,
                  pageSize: data.pageSize,
                  total: data.total,
                  onPage: (next) => setPaging({ filterKey, page: next }),
                  allRows: allShifts,
                }}
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

/** The period's shifts put together: how many, their turnover and the cash difference of them all. */
function ShiftTotals({ data, isInclVat }: { data: ShiftDetails; isInclVat: boolean }) {
  const { t } = useI18n();
  const difference = data.totals.cashDifference;
  return (
    <dl className="card shift-totals">
      <div>
        <dt>{t('reports.shifts.totals.count')}</dt>
        <dd>{formatInteger(data.total)}</dd>
      </div>
      <div>
        <dt>{t(isInclVat ? 'reports.column.turnoverIvat' : 'reports.column.turnoverEvat')}</dt>
        <dd>{formatMoney(isInclVat ? data.totals.turnoverIvat : data.totals.turnoverEvat)}</dd>
      </div>
      <div>
        <dt>{t('reports.shifts.totals.cashDifference')}</dt>
        <dd className={difference < 0 ? 'is-negative' : undefined}>{formatMoney(difference)}</dd>
      </div>
    </dl>
  );
}
