import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SupportFiscalAccessRequest } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { useI18n } from './fiscal-access.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FiscalAccessRequestTable, type Decision } from './FiscalAccessRequestTable';
import { useDecideFiscalAccessMutation } from './fiscalAccessMutations';
import { fiscalAccessQueries } from './fiscalAccessQueries';
import './fiscal-access.css';

/** `/support/fiscal-access` (support staff): the inspector access requests to validate or refuse. */
export function FiscalAccessRequestsPage() {
  const { t, plural } = useI18n();
  const requests = useQuery(fiscalAccessQueries.requests());
  const decide = useDecideFiscalAccessMutation();
  const [pending, setPending] = useState<Decision | null>(null);

  function confirm() {
    if (!pending) return;
    const { request, decision } = pending;
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () => {
          setPending(null);
          showFlash({
            type: 'success',
            text:
              decision === 'validate'
                ? t('fiscalAccess.staff.validated', { inspector: request.askerEmail })
                : t('fiscalAccess.staff.refused'),
          });
        },
        onError: (error) => {
          setPending(null);
          const code = error instanceof ApiError ? error.code : null;
          const text =
            code === 'ALREADY_DECIDED'
              ? t('fiscalAccess.staff.alreadyDecided')
              : code === 'MAIL_NOT_SENT'
                ? t('fiscalAccess.staff.mailNotSent')
                : t('common.error');
          showFlash({ type: 'error', text, isPersistent: code === 'MAIL_NOT_SENT' });
        },
      },
    );
  }

  const pendingCount = requests.data?.requests.filter((request) => request.status === 'pending').length ?? 0;

  return (
    <div className="page fiscal-access-page fiscal-access-staff-page">
      <title>{`${t('fiscalAccess.staff.title')} · ${t('app.name')}`}</title>
      <nav className="fiscal-access-breadcrumb">
        <Link to="/support">{t('fiscalAccess.staff.backToSupport')}</Link>
      </nav>
      <header className="page-header">
        <h1>{t('fiscalAccess.staff.title')}</h1>
        <p className="page-intro">{t('fiscalAccess.staff.intro')}</p>
      </header>
      {requests.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : requests.isError ? (
        <ErrorState
          message={t('common.error')}
          retryLabel={t('common.retry')}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.requests.length === 0 ? (
        <EmptyState title={t('fiscalAccess.staff.empty')} hint={t('fiscalAccess.staff.emptyHint')} />
      ) : (
        <>
          <p className="fiscal-access-count" role="status">
            {plural('fiscalAccess.staff.pendingCount', pendingCount)}
          </p>
          <FiscalAccessRequestTable
            requests={requests.data.requests}
            busyId={decide.isPending ? (decide.variables?.id ?? null) : null}
            onDecide={setPending}
          />
        </>
      )}
      <ConfirmDecisionModal
        decision={pending}
        isBusy={decide.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </div>
  );
}

function ConfirmDecisionModal({
  decision,
  isBusy,
  onConfirm,
  onClose,
}: {
  decision: Decision | null;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const request: SupportFiscalAccessRequest | undefined = decision?.request;
  const isValidation = decision?.decision === 'validate';
  return (
    <ConfirmDialog
      isOpen={decision !== null}
      title={
        isValidation
          ? t('fiscalAccess.staff.confirmValidateTitle')
          : t('fiscalAccess.staff.confirmRefuseTitle')
      }
      cancelLabel={t('fiscalAccess.staff.cancel')}
      confirmLabel={isValidation ? t('fiscalAccess.staff.validate') : t('fiscalAccess.staff.refuse')}
      onCancel={onClose}
      onConfirm={onConfirm}
      isPending={isBusy}
      isCancelQuiet
    >
      {request ? (
        <p>
          {isValidation
            ? t('fiscalAccess.staff.confirmValidate', {
                inspector: request.askerEmail,
                account: request.accountName,
                duration: t(`fiscalAccess.duration.${request.expireType}`),
              })
            : t('fiscalAccess.staff.confirmRefuse', {
                inspector: request.askerEmail,
                customer: request.customerEmail,
              })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
