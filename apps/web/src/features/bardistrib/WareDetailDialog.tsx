import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WareDetailsResponse, WareItem, WarePour } from '@comptoir/contracts';
import type { MessageKey, PluralKey } from './bardistrib.i18n';
import { useI18n } from './bardistrib.i18n';
import { formatReportDateTime } from '../../ui/dates';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { Modal } from '../../ui/Modal';
import { formatInteger } from '../../ui/numbers';
import { bardistribQueries } from './bardistribQueries';
import { useLoadErrorFlash } from './useLoadErrorFlash';
import type { WareFilters } from './wareAnalysisFilters';

const TABLES: readonly { list: keyof WareDetailsResponse; title: MessageKey; count: PluralKey }[] = [
  { list: 'wareNotCashed', title: 'bardistrib.detail.notCashed', count: 'bardistrib.detail.count' },
  { list: 'wareOut', title: 'bardistrib.detail.out', count: 'bardistrib.detail.count' },
  { list: 'wareCash', title: 'bardistrib.detail.cashed', count: 'bardistrib.detail.count' },
];

/** Spec 3 §2: a ware's pours in a full-screen dialog, three tables: not cashed, out of shift, cashed. */
export function WareDetailDialog({
  ware,
  filters,
  onClose,
}: {
  ware: WareItem | null;
  filters: WareFilters;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal
      isOpen={ware !== null}
      title={ware ? t('bardistrib.detail.title', { ware: ware.ware_name }) : ''}
      onClose={onClose}
      size="large"
    >
      {ware ? <WareDetails ware={ware} filters={filters} /> : null}
    </Modal>
  );
}

function WareDetails({ ware, filters }: { ware: WareItem; filters: WareFilters }) {
  const { t } = useI18n();
  const details = useQuery(bardistribQueries.details(filters, ware.id_ware));
  useLoadErrorFlash(details);
  return (
    <div className="ware-details">
      <p className="ware-details-intro">
        {t('bardistrib.detail.intro', { company: ware.company_name, product: ware.product_name ?? '—' })}
      </p>
      {details.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : details.isError ? (
        <ErrorState
          message={t('bardistrib.loadError')}
          retryLabel={t('common.retry')}
          onRetry={() => void details.refetch()}
        />
      ) : (
        TABLES.map((table) => (
          <PourTable
            key={table.list}
            title={t(table.title)}
            count={table.count}
            pours={details.data[table.list]}
          />
        ))
      )}
    </div>
  );
}

function PourTable({ title, count, pours }: { title: string; count: PluralKey; pours: readonly WarePour[] }) {
  const { t, plural } = useI18n();
  const titleId = useId();
  return (
    <section className="ware-pours" aria-labelledby={titleId}>
      <h3 className="ware-pours-title">
        <span id={titleId}>{title}</span>
        <span className="ware-pours-count">{plural(count, pours.length)}</span>
      </h3>
      {/* Ten rows show by default; the others scroll under the sticky header. */}
      <div className="ware-pours-scroll" tabIndex={0} role="region" aria-labelledby={titleId}>
        <table className="ware-pours-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{t('bardistrib.detail.column.ware')}</th>
              <th scope="col">{t('bardistrib.detail.column.user')}</th>
              <th scope="col">{t('bardistrib.detail.column.time')}</th>
              <th scope="col" className="ware-number">
                {t('bardistrib.detail.column.total')}
              </th>
              <th scope="col">{t('bardistrib.detail.column.product')}</th>
            </tr>
          </thead>
          <tbody>
            {pours.length === 0 ? (
              <tr>
                <td colSpan={5} className="ware-pours-empty">
                  {t('bardistrib.detail.empty')}
                </td>
              </tr>
            ) : (
              pours.map((pour, index) => (
                <tr key={index}>
                  <td>{pour.ware_name}</td>
                  <td>{pour.user_name ?? '—'}</td>
                  <td className="ware-time">{formatReportDateTime(pour.time)}</td>
                  <td className="ware-number">{formatInteger(pour.total)}</td>
                  <td>{pour.product_name ?? '—'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
