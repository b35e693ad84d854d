import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FaqCategory } from '@comptoir/contracts';
import { useI18n } from './faq.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { Tabs } from '../../ui/Tabs';
import { FaqItemList } from './FaqItemList';
import { faqQueries } from './faqQueries';
import { createFaqSearch, type FaqSearchItem } from './faqSearch';
import './faq.css';

/**
 * `FAQ` (spec 1 §2.8): the questions of the user's language by category (tabs), and a fuzzy search
 * over every question and answer that replaces the tabs while it has text.
 */
export function FaqPage() {
  const { t, language } = useI18n();
  const faq = useQuery(faqQueries.list(language));
  const heading = t('area.faq');

  return (
    <div className="page faq-page">
      <title>{`${heading} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{heading}</h1>
        <p className="page-intro">{t('faq.intro')}</p>
      </header>
      {faq.isPending ? (
        <LoadingState label={t('faq.loading')} />
      ) : faq.isError ? (
        <ErrorState
          message={t('faq.loadError')}
          retryLabel={t('common.retry')}
          onRetry={() => void faq.refetch()}
        />
      ) : faq.data.categories.length === 0 ? (
        <EmptyState title={t('faq.noCategory')} />
      ) : (
        <FaqBrowser categories={faq.data.categories} />
      )}
    </div>
  );
}

function FaqBrowser({ categories }: { categories: readonly FaqCategory[] }) {
  const { t } = useI18n();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(categories[0]?.name ?? '');
  const search = useMemo(() => createFaqSearch(categories), [categories]);
  const results = useMemo(() => search(query), [search, query]);
  const isSearching = query.trim() !== '';
  // A language change brings other category names: the first one is then shown.
  const category = categories.find((candidate) => candidate.name === selected) ?? categories[0];

  return (
    <div className="faq-browser">
      <div className="faq-search" role="search">
        <label className="faq-search-label" htmlFor={searchId}>
          {t('faq.search.label')}
        </label>
        <div className="faq-search-control">
          <input
            id={searchId}
            className="faq-search-input"
            type="search"
            value={query}
            placeholder={t('faq.search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setQuery(event.target.value)}
          />
          {isSearching ? (
            <button type="button" className="button button-secondary" onClick={() => setQuery('')}>
              {t('faq.search.clear')}
            </button>
          ) : null}
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {isSearching ? t('faq.search.results', { count: results.length }) : ''}
      </p>
      {isSearching ? (
        <SearchResults results={results} />
      ) : category ? (
        <Tabs
          label={t('faq.categories')}
          tabs={categories.map((candidate) => ({ id: candidate.name, label: candidate.name }))}
          selected={category.name}
          onSelect={setSelected}
          panel="plain"
        >
          {category.items.length === 0 ? (
            <EmptyState title={t('faq.noFaq')} />
          ) : (
            <FaqItemList key={category.name} items={category.items} label={category.name} />
          )}
        </Tabs>
      ) : null}
    </div>
  );
}

function SearchResults({ results }: { results: readonly FaqSearchItem[] }) {
  const { t } = useI18n();
  if (results.length === 0) {
    return <EmptyState title={t('faq.noFaq')} hint={t('faq.search.noResultHint')} />;
  }
  const categoryById = new Map(results.map((item) => [item.id, item.category]));
  return (
    <section className="faq-results">
      <h2 className="faq-results-title">{t('faq.search.results', { count: results.length })}</h2>
      <FaqItemList
        items={results}
        label={t('faq.search.results', { count: results.length })}
        categoryOf={(item) => categoryById.get(item.id) ?? ''}
      />
    </section>
  );
}
