import type { MenuItem } from '@comptoir/contracts';

export type MenuTarget =
  { kind: 'external'; href: string } | { kind: 'internal'; to: string } | { kind: 'parent'; item: MenuItem };

/** Spec §2.2: children first, then http links, is_react pages, type 0 reporting, other reporting. */
export function menuTarget(item: MenuItem): MenuTarget {
  if (item.childrens.length > 0) return { kind: 'parent', item };
  if (item.link.includes('http')) return { kind: 'external', href: item.link };
  if (item.is_react) return { kind: 'internal', to: `/${item.link.replace(/^\/+/, '')}` };
  if (item.type === 0) return { kind: 'internal', to: `/reporting/${item.id}` };
  return { kind: 'internal', to: `/reporting-sales/${item.id}` };
}

/** Spec §2.3: a sub-user sees only the items whose service_name is in its services. */
export function filterForSubUser(items: readonly MenuItem[], services: readonly string[]): MenuItem[] {
  const allowed = new Set(services);
  return items
    .filter((item) => item.service_name !== null && allowed.has(item.service_name))
    .map((item) => ({ ...item, childrens: filterForSubUser(item.childrens, services) }));
}

export function findMenuItem(items: readonly MenuItem[], id: string): MenuItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const child = findMenuItem(item.childrens, id);
    if (child) return child;
  }
  return undefined;
}

/** The is_react item whose page is at this path (`/feed/news` → link `feed/news`). */
export function findReactPage(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const link = pathname.replace(/^\/+|\/+$/g, '');
  for (const item of items) {
    if (item.is_react && item.link.replace(/^\/+|\/+$/g, '') === link) return item;
    const child = findReactPage(item.childrens, pathname);
    if (child) return child;
  }
  return undefined;
}

export const FISCAL_CATEGORY_ID = '00000000-0000-4000-8000-0000000f15ca';

/** Spec §2.2: added to the categories when a fiscal access token is stored. */
export function fiscalCategory(title: string): MenuItem {
  return {
    id: FISCAL_CATEGORY_ID,
    title,
    description: null,
    link: 'administration-fiscale',
    icon: 'landmark',
    new_icon: null,
    position: 0,
    type: 1,
    is_react: true,
    service_name: null,
    childrens: [],
  };
}
