import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import {
  SHIFT_PAGE_SIZE_MAX,
  type ControlStrip,
  type ShiftDetail,
  formatBusinessDay,
} from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatReportDateTime } from '../../ui/dates';
import { EmptyState } from '../../ui/EmptyState';
import { formatMoneyInText } from '../../ui/money';
import { ReportFrame, type ReportContext } from './ReportFrame';
import { reportQueries } from './reportQueries';
import { ReportStatus } from './ReportStatus';
import { ReportTable } from './ReportTable';

/** Spec §9: the control strip shows 25 rows per page. */
const CONTROL_STRIP_PAGE_SIZE = 25;
const SERVICE_PARAM = 'serviceId';

type StripDocument = ControlStrip['documents'][number];

/** Control strip: pick a shift of the period, then read its documents in order. */
export function ControlStripPage({ title }: { title?: string }) {
  const { t } = useI18n();
  return (
    <ReportFrame title={title ?? t('area.controlStrip')} hasActivityFilter={false}>
      {(context) => <ControlStripReport context={context} />}
    </ReportFrame>
  );
}

function ControlStripReport({ context }: { context: ReportContext }) {
  const { t } = useI18n();
  const selectId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const serviceId = searchParams.get(SERVICE_PARAM) ?? '';
  // The newest shifts of the period; a longer period lists its last SHIFT_PAGE_SIZE_MAX.
  const shifts = useQuery({
    ...reportQueries.shiftDetails(context.filters, 1, SHIFT_PAGE_SIZE_MAX),
    placeholderData: keepPreviousData,
  });

  function handleShift(id: string) {
    setSearchParams((params) => {
      if (id) params.set(SERVICE_PARAM, id);
      else params.delete(SERVICE_PARAM);
      return params;
    });
  }

  return (
    <div className="report-sections">
      <ReportStatus query={shifts} isEmpty={(data) => data.shifts.length === 0 && !serviceId}>
        {(data) => (
          <div className="report-filters card control-strip-picker">
            <div className="report-filter">
              <label className="report-filter-label" htmlFor={selectId}>
                {t('reports.strip.shift')}
              </label>
              <select
                id={selectId}
                className="report-filter-control"
                value={serviceId}
                onChange={(event) => handleShift(event.target.value)}
              >
                <option value="">{t('reports.strip.chooseShift')}</option>
                {serviceId && !data.shifts.some((shift) => shift.id === serviceId) ? (
                  <option value={serviceId}>{t('reports.strip.otherShift')}</option>
                ) : null}
                {data.shifts.map((shift) => (
                  <option key={shift.id} value={shift.id}>
                    {shiftOptionLabel(shift, context.companies.length > 1, t)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </ReportStatus>
      {serviceId ? (
        <ControlStripJournal context={context} serviceId={serviceId} />
      ) : shifts.isSuccess && shifts.data.shifts.length > 0 ? (
        <EmptyState title={t('reports.strip.pickShift')} />
      ) : null}
    </div>
  );
}

function shiftOptionLabel(
  shift: ShiftDetail,
  isCompanyShown: boolean,
  t: ReturnType<typeof useI18n>['t'],
): string {
  const label = t('reports.strip.shiftOption', {
    day: formatBusinessDay(shift.businessDay),
    register: shift.registerName,
    number: shift.number,
  });
  return isCompanyShown ? `${shift.companyName} · ${label}` : label;
}

function ControlStripJournal({ context, serviceId }: { context: ReportContext; serviceId: string }) {
  const { t } = useI18n();
  const query = useQuery(reportQueries.controlStrip(context.filters, serviceId));
  const columns: DataTableColumn<StripDocument>[] = [
    {
      id: 'time',
      header: t('reports.strip.column.time'),
      value: (document) => formatReportDateTime(document.time),
      isRowHeader: true,
    },
    {
      id: 'document',
      header: t('reports.strip.column.document'),
      value: (document) => document.document_name,
      render: (document) => (
        <span className="control-strip-document">
          <span className={`control-strip-type is-${document.document_type}`}>
            {t(`reports.strip.type.${document.document_type}`)}
          </span>
          {document.document_name}
        </span>
      ),
    },
    { id: 'action', header: t('reports.strip.column.action'), value: (document) => document.action },
    {
      id: 'description',
      header: t('reports.strip.column.description'),
      // The register words its amounts (`150,00 €`); the screen shows the portal's `150.00 €`.
      value: (document) => formatMoneyInText(document.description),
      isWrapping: true,
    },
    { id: 'device', header: t('reports.strip.column.device'), value: (document) => document.device },
    { id: 'user', header: t('reports.strip.column.user'), value: (document) => document.user },
    // The strip's id is the same on every document of the shift: shown last, kept in the export.
    {
      id: 'id',
      header: t('reports.strip.column.id'),
      value: (document) => document.id_control_strip,
      render: (document) => <code className="control-strip-id">{document.id_control_strip}</code>,
    },
  ];
  return (
    <ReportStatus query={query} isEmpty={(data) => data.documents.length === 0}>
      {(data) => (
        <div className="card report-table-card">
          <ReportTable
            caption={t('reports.strip.table', {
              number: data.service.number,
              register: data.service.registerName,
              company: data.service.companyName,
              day: formatBusinessDay(data.service.businessDay),
            })}
            filters={context.filters}
            columns={columns}
            rows={data.documents}
            rowKey={(document) => document.id}
            pageSize={CONTROL_STRIP_PAGE_SIZE}
          />
        </div>
      )}
    </ReportStatus>
  );
}
