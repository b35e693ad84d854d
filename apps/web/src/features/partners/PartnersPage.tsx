import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Partner } from '@comptoir/contracts';
import { useI18n } from './partners.i18n';
import { Drawer } from '../../ui/Drawer';
import { EmptyState } from '../../ui/EmptyState';
import {
  PartnerLogo,
  StatusBadge,
  StatusLegend,
  categoryLabel,
  gridStateOf,
  gridStatusOf,
} from './partnerParts';
import { allPartners, partnerQueries } from './partners.queries';
import './partners.css';

/** Spec 1 §2.6: logos grouped by category, the details drawer, the legend, the empty-category message. */
export function PartnersPage() {
  const { t } = useI18n();
  const grid = useQuery(partnerQueries.grid());
  const [openId, setOpenId] = useState<string | null>(null);
  const open = allPartners(grid.data).find((partner) => partner.id === openId) ?? null;

  return (
    <section className="page partners-page" aria-labelledby="partners-title">
      <header className="page-header">
        <h1 id="partners-title">{t('area.partners')}</h1>
        <p className="page-intro">{t('partners.intro')}</p>
      </header>
      <StatusLegend />
      {gridStateOf(t, grid) ??
        grid.data?.partnersCategories.map((category) => (
          <section
            key={category.id}
            className="partner-category"
            aria-labelledby={`partner-category-${category.id}`}
          >
            <h2 id={`partner-category-${category.id}`}>{categoryLabel(t, category)}</h2>
            {category.partners.length === 0 ? (
              <EmptyState title={t('partners.emptyCategory')} />
            ) : (
              <ul className="partner-grid">
                {category.partners.map((partner) => (
                  <li key={partner.id}>
                    <button
                      type="button"
                      className="partner-card"
                      data-partner={partner.code}
                      onClick={() => setOpenId(partner.id)}
                    >
                      <PartnerLogo partner={partner} />
                      <span className="partner-card-name">{partner.name}</span>
                      <StatusBadge status={gridStatusOf(partner.status)} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      <Drawer
        isOpen={open !== null}
        title={open?.name ?? ''}
        onClose={() => setOpenId(null)}
        footer={open ? <PartnerActions partner={open} /> : null}
      >
        {open ? <PartnerDetails partner={open} /> : null}
      </Drawer>
    </section>
  );
}

function PartnerDetails({ partner }: { partner: Partner }) {
  const { t } = useI18n();
  return (
    <div className="partner-details">
      <PartnerLogo partner={partner} />
      {partner.description ? <p>{partner.description}</p> : null}
      {partner.website ? (
        <p>
          <a href={partner.website} target="_blank" rel="noreferrer noopener">
            {t('partners.drawer.website')}
          </a>
        </p>
      ) : null}
      {partner.withAction ? (
        <dl className="partner-facts">
          <dt>{t('partners.drawer.status')}</dt>
          <dd>
            <StatusBadge status={partner.status} />
          </dd>
          {partner.keyPrefix ? (
            <dd>{t('partners.drawer.keyPrefix', { prefix: partner.keyPrefix })}</dd>
          ) : null}
          {partner.partnerCustomerId ? (
            <dd>{t('partners.drawer.customerId', { id: partner.partnerCustomerId })}</dd>
          ) : null}
          {partner.status === 'refused' && partner.refusedReason ? (
            <dd>{t('partners.drawer.refusedReason', { reason: partner.refusedReason })}</dd>
          ) : null}
          {partner.status === 'refused' ? <dd>{t('partners.drawer.refusedHint')}</dd> : null}
        </dl>
      ) : (
        <p className="partner-note">{t('partners.drawer.noAction')}</p>
      )}
    </div>
  );
}

function PartnerActions({ partner }: { partner: Partner }) {
  const { t } = useI18n();
  if (!partner.withAction) return null;
  if (partner.status === 'validated') {
    return (
      <Link className="button button-secondary" to={`/generate-connexion-token?partner=${partner.id}`}>
        {t('partners.action.connexionToken')}
      </Link>
    );
  }
  return (
    <Link className="button button-primary" to={`/partnership?partner=${partner.id}`}>
      {partner.status === 'none' ? t('partners.action.activate') : t('partners.action.regenerate')}
    </Link>
  );
}
