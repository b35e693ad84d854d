import { useId, type ReactNode } from 'react';
import type { Partner, PartnerCategory, PartnerIntegrationStatus } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { Translator } from './partners.i18n';
import { useI18n } from './partners.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';

/** The grid's three states, in the legend's order (spec 1 §2.6). */
const GRID_STATES = ['none', 'waiting', 'validated'] as const satisfies readonly PartnerIntegrationStatus[];

/**
 * A refused integration is no integration on the grid (a new key can be generated); the drawer and
 * the activation page say it was refused, and why.
 */
export function gridStatusOf(status: PartnerIntegrationStatus): (typeof GRID_STATES)[number] {
  return status === 'refused' ? 'none' : status;
}

export function statusLabel(t: Translator['t'], status: PartnerIntegrationStatus): string {
  return t(`partners.status.${status}`);
}

/** A category's name in the user's language when the portal knows its code, else as stored. */
export function categoryLabel(t: Translator['t'], category: Pick<PartnerCategory, 'code' | 'name'>): string {
  const known = ['purchasing', 'booking', 'accounting', 'delivery', 'loyalty'] as const;
  const code = known.find((c) => c === category.code);
  return code ? t(`partners.category.${code}`) : category.name;
}

export function StatusBadge({ status }: { status: PartnerIntegrationStatus }) {
  const { t } = useI18n();
  return (
    <span className={`partner-status partner-status-${status}`} data-status={status}>
      <span className="partner-status-dot" aria-hidden="true" />
      {statusLabel(t, status)}
    </span>
  );
}

export function StatusLegend() {
  const { t } = useI18n();
  return (
    <section className="partner-legend" aria-label={t('partners.legend')}>
      <span className="partner-legend-title">{t('partners.legend')}</span>
      <ul>
        {GRID_STATES.map((status) => (
          <li key={status}>
            <StatusBadge status={status} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PartnerLogo({ partner }: { partner: Pick<Partner, 'logo' | 'name'> }) {
  return partner.logo ? (
    <img className="partner-logo" src={partner.logo} alt="" width={240} height={96} loading="lazy" />
  ) : (
    <span className="partner-logo partner-logo-empty" aria-hidden="true">
      {partner.name.slice(0, 1)}
    </span>
  );
}

/** A secret shown once: in a read-only field, with a copy button that says so in a flash message. */
export function SecretField({
  label,
  value,
  copyLabel,
  copiedText,
  hint,
}: {
  label: string;
  value: string;
  copyLabel: string;
  copiedText: string;
  hint?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showFlash({ type: 'info', text: copiedText });
    } catch {
      showFlash({ type: 'warning', text: t('partnership.copyFailed') });
    }
  };
  return (
    <div className="partner-secret">
      <label htmlFor={id}>{label}</label>
      <div className="partner-secret-row">
        <input
          id={id}
          className="partner-secret-value"
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button-primary" onClick={() => void copy()}>
          {copyLabel}
        </button>
      </div>
      {hint ? <p className="partner-secret-hint">{hint}</p> : null}
    </div>
  );
}

/** The error of a partner call in the user's language (known codes), else the generic text. */
export function partnerErrorText(t: Translator['t'], error: unknown): string {
  const known = [
    'APP_UPDATE_NEEDED',
    'IPAD_TOKEN_INVALID',
    'PARTNER_ALREADY_VALIDATED',
    'PARTNER_NOT_VALIDATED',
  ] as const;
  const code = error instanceof ApiError ? known.find((c) => c === error.code) : undefined;
  return code ? t(`partnership.error.${code}`) : t('partnership.error');
}

/** While the partner grid loads or after it failed: what the page shows instead; null once it is there. */
export function gridStateOf(
  t: Translator['t'],
  grid: { isPending: boolean; isError: boolean; refetch: () => unknown },
): ReactNode | null {
  if (grid.isPending) return <LoadingState label={t('partners.loading')} />;
  if (grid.isError) {
    return (
      <ErrorState
        message={t('partners.loadFailed')}
        retryLabel={t('partners.retry')}
        onRetry={() => void grid.refetch()}
      />
    );
  }
  return null;
}
