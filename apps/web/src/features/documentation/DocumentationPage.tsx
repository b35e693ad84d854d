import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DocumentationEntry } from '@comptoir/contracts';
import { useI18n } from './documentation.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { documentationQueries, downloadName } from './documentationQueries';
import './documentation.css';

/**
 * `documentation` (spec 1 §2.7): the downloadable documents of the caller's edition, each a card with
 * its background image, title, author, description and a download link to the PDF.
 */
export function DocumentationPage() {
  const { t, language } = useI18n();
  const documents = useQuery(documentationQueries.list(language));
  const heading = t('area.documentation');

  return (
    <div className="page documentation-page">
      <title>{`${heading} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{heading}</h1>
        <p className="page-intro">{t('documentation.intro')}</p>
      </header>
      {documents.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : documents.isError ? (
        <ErrorState
          message={t('documentation.loadError')}
          retryLabel={t('common.retry')}
          onRetry={() => void documents.refetch()}
        />
      ) : documents.data.length === 0 ? (
        <EmptyState title={t('documentation.empty')} hint={t('documentation.emptyHint')} />
      ) : (
        <ul className="documentation-grid" aria-label={t('documentation.listLabel')}>
          {documents.data.map((document) => (
            <li key={document.id}>
              <DocumentCard document={document} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DocumentCard({ document }: { document: DocumentationEntry }) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <article className="documentation-card" aria-labelledby={titleId}>
      <div className="documentation-cover">
        {document.background_url ? (
          <img src={document.background_url} alt="" loading="lazy" decoding="async" />
        ) : null}
        <span className="documentation-badge">{t('documentation.pdf')}</span>
      </div>
      <div className="documentation-body">
        <h2 id={titleId} className="documentation-title">
          {document.title}
        </h2>
        {document.author ? (
          <p className="documentation-author">{t('documentation.author', { author: document.author })}</p>
        ) : null}
        {document.description ? <p className="documentation-description">{document.description}</p> : null}
        <a
          className="button button-primary documentation-download"
          href={document.pdf_url}
          download={downloadName(document.pdf_url)}
          type="application/pdf"
          aria-label={t('documentation.downloadLabel', { title: document.title })}
        >
          {t('documentation.download')}
        </a>
      </div>
    </article>
  );
}
