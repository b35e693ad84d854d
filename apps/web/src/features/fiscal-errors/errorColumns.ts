import { formatBusinessDay } from '@comptoir/contracts';
import type { ErroneousServerClosure, ErroneousService, SignatureDefect } from '@comptoir/contracts';
import type { Translator } from './fiscal-errors.i18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { describeDefect, recordLabel } from './defectWording';

type T = Translator['t'];

/** One row per defect, with what it belongs to. */
export interface ServiceDefectRow {
  defect: SignatureDefect;
  service: ErroneousService;
}
export interface ClosureDefectRow {
  defect: SignatureDefect;
  closure: ErroneousServerClosure;
}

export function serviceDefectRows(services: readonly ErroneousService[]): ServiceDefectRow[] {
  return services.flatMap((service) => service.defects.map((defect) => ({ defect, service })));
}

export function closureDefectRows(closures: readonly ErroneousServerClosure[]): ClosureDefectRow[] {
  return closures.flatMap((closure) => closure.defects.map((defect) => ({ defect, closure })));
}

function errorColumn<Row extends { defect: SignatureDefect }>(t: T): DataTableColumn<Row> {
  return {
    id: 'error',
    header: t('fiscalErrors.column.error'),
    value: (row) => describeDefect(t, row.defect),
    isWrapping: true,
  };
}

export function serviceDefectColumns(t: T): DataTableColumn<ServiceDefectRow>[] {
  return [
    {
      id: 'day',
      header: t('fiscalErrors.column.day'),
      kind: 'day',
      value: (row) => row.service.businessDay,
      isRowHeader: true,
    },
    errorColumn(t),
    { id: 'company', header: t('fiscal.column.company'), value: (row) => row.service.companyName },
    { id: 'register', header: t('fiscal.column.register'), value: (row) => row.service.registerName },
    {
      id: 'service',
      header: t('fiscalErrors.column.service'),
      kind: 'integer',
      value: (row) => row.service.number,
    },
    {
      id: 'opening',
      header: t('fiscalErrors.column.opening'),
      kind: 'dateTime',
      value: (row) => row.service.openingDate,
    },
    {
      id: 'turnover',
      header: t('fiscalErrors.column.turnover'),
      kind: 'amount',
      value: (row) => row.service.amountTotalIvat,
    },
  ];
}

export function closureDefectColumns(t: T): DataTableColumn<ClosureDefectRow>[] {
  return [
    {
      id: 'period',
      header: t('fiscalErrors.column.period'),
      value: (row) =>
        row.closure.startDay && row.closure.endDay
          ? t('fiscal.period', {
              start: formatBusinessDay(row.closure.startDay),
              end: formatBusinessDay(row.closure.endDay),
            })
          : null,
      isRowHeader: true,
    },
    errorColumn(t),
    {
      id: 'type',
      header: t('fiscalErrors.column.type'),
      value: (row) =>
        row.closure.type !== null && row.closure.type >= 1 && row.closure.type <= 6
          ? t(`fiscal.closureType.${row.closure.type as 1 | 2 | 3 | 4 | 5 | 6}`)
          : null,
    },
    { id: 'company', header: t('fiscal.column.company'), value: (row) => row.closure.companyName },
    {
      id: 'total',
      header: t('fiscal.column.totalIvat'),
      kind: 'amount',
      value: (row) => row.closure.amountTotalIvat,
    },
    {
      id: 'grandTotal',
      header: t('fiscalErrors.column.grandTotal'),
      kind: 'amount',
      value: (row) => row.closure.grandTotalIvat,
    },
  ];
}

export function otherDefectColumns(t: T): DataTableColumn<{ defect: SignatureDefect }>[] {
  return [
    {
      id: 'detectedAt',
      header: t('fiscalErrors.column.detectedAt'),
      kind: 'dateTime',
      value: (row) => row.defect.detectedAt,
      isRowHeader: true,
    },
    errorColumn(t),
    {
      id: 'chain',
      header: t('fiscalErrors.column.chain'),
      value: (row) => t(`fiscalErrors.scope.${row.defect.scope}`),
    },
    { id: 'company', header: t('fiscal.column.company'), value: (row) => row.defect.companyName },
    { id: 'register', header: t('fiscal.column.register'), value: (row) => row.defect.registerName },
    { id: 'record', header: t('fiscalErrors.column.record'), value: (row) => recordLabel(t, row.defect) },
  ];
}
