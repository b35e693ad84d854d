import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import type { RegisterKeyRow } from '@comptoir/contracts';
import type { Translator } from './fiscal-keys.i18n';
import { useI18n } from './fiscal-keys.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { formatCell } from '../../ui/tableCells';
import { fiscalErrorMessage } from '../fiscal/fiscalErrors';
import { fiscalKeysQueries, SERVER_KEYS_PATH } from './fiscalKeysQueries';
import './register-keys.css';

type T = Translator['t'];

const mono = (text: string) => <span className="register-keys-mono">{text}</span>;

/** Establishment, register, serial, enrolment date, state, key fingerprint and raw public key. */
export function registerKeyColumns(t: T): DataTableColumn<RegisterKeyRow>[] {
  return [
    { id: 'company', header: t('fiscalKeys.column.company'), value: (row) => row.companyName },
    { id: 'register', header: t('fiscalKeys.column.register'), value: (row) => row.name, isRowHeader: true },
    { id: 'serial', header: t('fiscalKeys.column.serial'), value: (row) => row.serial },
    {
      id: 'enrolledAt',
      header: t('fiscalKeys.column.enrolledAt'),
      kind: 'dateTime',
      value: (row) => row.enrolledAt,
    },
    { id: 'state', header: t('fiscalKeys.column.state'), value: (row) => t(`fiscalKeys.state.${row.state}`) },
    {
      id: 'fingerprint',
      header: t('fiscalKeys.column.fingerprint'),
      value: (row) => row.fingerprint,
      render: (row) => mono(row.fingerprint),
      isWrapping: true,
    },
    {
      id: 'publicKey',
      header: t('fiscalKeys.column.publicKey'),
      value: (row) => row.publicKey,
      render: (row) => mono(row.publicKey),
      isWrapping: true,
    },
  ];
}

/**
 * "Clés publiques des caisses" (issue 18 part 1), on the technical interventions screen: the key that
 * verifies each register's signed records, with the server's own key fingerprint and the public
 * address where anyone can fetch the server's keys. Not bound to the screen's period: keys are.
 */
export function RegisterKeysPanel() {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <section className="card fiscal-table-card register-keys" aria-labelledby={titleId}>
      <h2 id={titleId} className="register-keys-title">
        {t('fiscalKeys.title')}
      </h2>
      <p className="register-keys-intro">{t('fiscalKeys.intro')}</p>
      <ServerKey />
      <RegisterKeys />
    </section>
  );
}

function ServerKey() {
  const { t } = useI18n();
  const query = useQuery(fiscalKeysQueries.server());
  return (
    <dl className="register-keys-server">
      <dt>{t('fiscalKeys.server.fingerprint')}</dt>
      <dd>
        {query.isPending ? (
          t('common.loading')
        ) : query.isError ? (
          <span role="alert">{t('fiscalKeys.server.loadError')}</span>
        ) : (
          <>
            {mono(query.data.current.fingerprint)}{' '}
            {t('fiscalKeys.server.since', { date: formatCell('dateTime', query.data.current.validFrom) })}
          </>
        )}
      </dd>
      <dt>{t('fiscalKeys.server.published')}</dt>
      <dd>
        <a href={SERVER_KEYS_PATH} target="_blank" rel="noreferrer" className="register-keys-mono">
          {SERVER_KEYS_PATH}
        </a>
      </dd>
      <dt>{t('fiscalKeys.fingerprintRuleLabel')}</dt>
      <dd>{t('fiscalKeys.fingerprintRule')}</dd>
    </dl>
  );
}

function RegisterKeys() {
  const { t } = useI18n();
  const query = useQuery(fiscalKeysQueries.registers());
  const columns = useMemo(() => registerKeyColumns(t), [t]);
  if (query.isPending) return <LoadingState label={t('common.loading')} />;
  if (query.isError) {
    return (
      <ErrorState
        message={t(fiscalErrorMessage(query.error, 'fiscalKeys.loadError'))}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.rows.length === 0) {
    return <EmptyState title={t('fiscalKeys.empty')} hint={t('fiscalKeys.emptyHint')} />;
  }
  return (
    <DataTable
      caption={t('fiscalKeys.title')}
      isCaptionHidden
      columns={columns}
      rows={query.data.rows}
      rowKey={(row) => row.registerId}
      isSortable
    />
  );
}
