import { formatBusinessDay } from '@comptoir/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { FiscalErrorDetail } from '@comptoir/contracts';
import type { Translator } from './fiscal-errors.i18n';
import { useI18n } from './fiscal-errors.i18n';
import { formatFiscalDateTime } from '../../ui/dates';
import { ErrorState } from '../../ui/ErrorState';
import { Icon } from '../../ui/Icon';
import { formatMoney } from '../../ui/money';
import { isNotFound } from '../fiscal/fiscalErrors';
import { detailPath } from '../fiscal/fiscalNavigation';
import { FiscalDetailFrame } from '../fiscal/FiscalDetailFrame';
import { describeDefect, formatDefectValue, recordLabel } from './defectWording';
import { fiscalErrorsQueries } from './fiscalErrorsQueries';
import './fiscal-errors.css';

type T = Translator['t'];

/** What, where, expected and found: the fields of the defect worth reading, in order. */
function facts(t: T, detail: FiscalErrorDetail): [string, string][] {
  const { defect, service, serverClosure } = detail;
  const d = defect.details;
  const where = [
    defect.companyName,
    defect.registerName ?? t(`fiscalErrors.scope.${defect.scope}`),
    recordLabel(t, defect),
    defect.businessDay ? formatBusinessDay(defect.businessDay) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const list: [string, string][] = [
    [t('fiscalErrors.detail.what'), describeDefect(t, defect)],
    [t('fiscalErrors.detail.where'), where],
    [t('fiscalErrors.detail.code'), `${t(`fiscalErrors.code.${defect.code}`)} (${defect.code})`],
    [t('fiscalErrors.column.detectedAt'), formatFiscalDateTime(defect.detectedAt)],
    [t('fiscalErrors.detail.source'), t(`fiscalErrors.source.${defect.source}`)],
    [t('fiscalErrors.column.chain'), t(`fiscalErrors.scope.${defect.scope}`)],
  ];
  if (d.table || d.field)
    list.push([t('fiscalErrors.detail.field'), [d.table, d.field].filter(Boolean).join('.')]);
  if (d.expected !== undefined)
    list.push([t('fiscalErrors.detail.expected'), formatDefectValue(d.expected, d.field)]);
  if (d.found !== undefined) list.push([t('fiscalErrors.detail.found'), formatDefectValue(d.found, d.field)]);
  if (service) {
    list.push([
      t('fiscalErrors.column.service'),
      [
        service.number === null ? null : `n° ${service.number}`,
        service.openingDate ? formatFiscalDateTime(service.openingDate) : null,
        service.amountTotalIvat === null ? null : formatMoney(service.amountTotalIvat),
      ]
        .filter(Boolean)
        .join(' · '),
    ]);
  }
  if (serverClosure) {
    list.push([
      t('fiscalErrors.column.period'),
      [
        serverClosure.type !== null && serverClosure.type >= 1 && serverClosure.type <= 6
          ? t(`fiscal.closureType.${serverClosure.type as 1 | 2 | 3 | 4 | 5 | 6}`)
          : null,
        serverClosure.startDay && serverClosure.endDay
          ? t('fiscal.period', {
              start: formatBusinessDay(serverClosure.startDay),
              end: formatBusinessDay(serverClosure.endDay),
            })
          : null,
      ]
        .filter(Boolean)
        .join(' '),
    ]);
  }
  if (defect.message) list.push([t('fiscalErrors.detail.stored'), defect.message]);
  return list;
}

function Facts({ title, items }: { title: string; items: [string, string][] }) {
  const titleId = useId();
  return (
    <section className="card fiscal-info" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title fiscal-info-title">
        {title}
      </h2>
      <dl className="fiscal-info-list">
        {items.map(([label, value]) => (
          <div key={label} className="fiscal-info-item is-long">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One error (spec 2 §2 `errors/details/{id}`): what, where, expected against found; its service. */
export function FiscalErrorDetailPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const query = useQuery(fiscalErrorsQueries.detail(id));

  if (query.isError && isNotFound(query.error)) return <Navigate to="/404" replace />;

  const detail = query.data;
  let body: ReactNode = null;
  if (query.isError) {
    body = (
      <ErrorState
        message={t('fiscalErrors.loadError')}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (detail) {
    body = <Facts title={t('fiscal.detail.info')} items={facts(t, detail)} />;
  }
  const service = detail?.service;
  return (
    <FiscalDetailFrame
      title={
        detail
          ? t('fiscalErrors.detail.title', { code: t(`fiscalErrors.code.${detail.defect.code}`) })
          : t('area.fiscalDetail')
      }
      subtitle={detail ? describeDefect(t, detail.defect) : undefined}
      actions={
        service ? (
          <Link className="button button-secondary" to={detailPath('services', service.serviceId)}>
            <Icon name="file" size={18} />
            <span>
              {service.number === null
                ? t('fiscalErrors.detail.openServiceUnknown')
                : t('fiscalErrors.detail.openService', { number: service.number })}
            </span>
          </Link>
        ) : undefined
      }
      info={body}
      isLoading={query.isPending}
    >
      {null}
    </FiscalDetailFrame>
  );
}
