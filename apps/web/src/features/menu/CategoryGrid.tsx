import type { MenuItem } from '@comptoir/contracts';
import { Link, useSearchParams } from 'react-router';
import { useShell } from '../../api/ShellContext';
import { useI18n } from './menu.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Icon } from '../../ui/Icon';
import { LoadingState } from '../../ui/LoadingState';
import { findMenuItem, menuTarget } from './menuLinks';
import './menu.css';

/** The parent opened in the grid, kept in the address so that Back and the drawer can reach it. */
export const CATEGORY_PARAM = 'category';

/** Spec §2.2: the dashboard grid of categories; a parent opens its children with a back button. */
export function CategoryGrid() {
  const { t } = useI18n();
  const { categories, isCategoriesError, refetchCategories } = useShell();
  const [searchParams, setSearchParams] = useSearchParams();
  const parentId = searchParams.get(CATEGORY_PARAM);

  if (isCategoriesError) {
    return (
      <ErrorState message={t('common.error')} retryLabel={t('common.retry')} onRetry={refetchCategories} />
    );
  }
  if (!categories) return <LoadingState label={t('common.loading')} />;

  const parent = parentId ? findMenuItem(categories, parentId) : undefined;
  const items = parent ? parent.childrens : categories;
  const close = () =>
    setSearchParams((params) => {
      params.delete(CATEGORY_PARAM);
      return params;
    });

  return (
    <section className="category-grid" aria-labelledby="category-grid-title">
      <div className="category-grid-header">
        {parent ? (
          <button type="button" className="button button-quiet category-back" onClick={close}>
            <Icon name="back" size={18} />
            <span>{t('menu.grid.back')}</span>
          </button>
        ) : null}
        <h2 id="category-grid-title" className="section-title">
          {parent ? parent.title : t('menu.grid.title')}
        </h2>
      </div>
      {items.length === 0 ? (
        <EmptyState title={t('menu.grid.empty')} hint={parent ? undefined : t('menu.grid.emptyHint')} />
      ) : (
        <ul className="category-list" role="list">
          {items.map((item) => (
            <li key={item.id}>
              <CategoryCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CategoryCard({ item }: { item: MenuItem }) {
  const { t } = useI18n();
  const [, setSearchParams] = useSearchParams();
  const target = menuTarget(item);
  const content = (
    <>
      <span className="category-icon">
        <Icon name={item.new_icon ?? item.icon} size={26} />
      </span>
      <span className="category-text">
        <span className="category-title">
          {item.title}
          {target.kind === 'external' ? <span className="visually-hidden"> {t('common.newTab')}</span> : null}
        </span>
        {item.description ? <span className="category-description">{item.description}</span> : null}
      </span>
      <Icon name={target.kind === 'external' ? 'external' : 'chevronRight'} size={18} />
    </>
  );
  if (target.kind === 'external') {
    return (
      <a className="category-card" href={target.href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  if (target.kind === 'internal') {
    return (
      <Link className="category-card" to={target.to}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="category-card"
      aria-haspopup="true"
      onClick={() =>
        setSearchParams((params) => {
          params.set(CATEGORY_PARAM, item.id);
          return params;
        })
      }
    >
      {content}
    </button>
  );
}
