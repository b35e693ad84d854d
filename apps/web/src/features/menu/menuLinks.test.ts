import type { MenuItem } from '@comptoir/contracts';
import { describe, expect, it } from 'vitest';
import { filterForSubUser, findMenuItem, findReactPage, menuTarget } from './menuLinks';

const item = (overrides: Partial<MenuItem>): MenuItem => ({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Analyse des ventes',
  description: null,
  link: 'sales-analysis',
  icon: null,
  new_icon: null,
  position: 0,
  type: 1,
  is_react: false,
  service_name: 'sales_reporting',
  childrens: [],
  ...overrides,
});

describe('menu item links (spec §2.2)', () => {
  it('opens a link containing http outside the portal', () => {
    expect(menuTarget(item({ link: 'https://bofip.impots.gouv.fr/x', is_react: true }))).toEqual({
      kind: 'external',
      href: 'https://bofip.impots.gouv.fr/x',
    });
  });

  it('sends is_react items to their page, type 0 to reporting, others to sales reporting', () => {
    expect(menuTarget(item({ is_react: true, link: 'customer-account' }))).toEqual({
      kind: 'internal',
      to: '/customer-account',
    });
    expect(menuTarget(item({ id: 'a', type: 0 }))).toEqual({ kind: 'internal', to: '/reporting/a' });
    expect(menuTarget(item({ id: 'b', type: 1 }))).toEqual({ kind: 'internal', to: '/reporting-sales/b' });
  });

  it('opens an item with children as a parent', () => {
    const parent = item({ childrens: [item({ id: 'c' })] });
    expect(menuTarget(parent)).toEqual({ kind: 'parent', item: parent });
  });
});

describe('sub-user menu (spec §2.3)', () => {
  it('keeps only the items of its services, at every level', () => {
    const tree = [
      item({
        id: 'p',
        service_name: 'sales_reporting',
        childrens: [item({ id: 'c1' }), item({ id: 'c2', service_name: 'partners' })],
      }),
      item({ id: 'q', service_name: 'customer_account' }),
      item({ id: 'r', service_name: null }),
    ];
    const visible = filterForSubUser(tree, ['sales_reporting']);
    expect(visible.map((i) => i.id)).toEqual(['p']);
    expect(visible[0]!.childrens.map((i) => i.id)).toEqual(['c1']);
  });
});

describe('finding items', () => {
  it('finds an item by id in the tree and a react page by path', () => {
    const tree = [item({ id: 'p', childrens: [item({ id: 'c', is_react: true, link: 'feed/news' })] })];
    expect(findMenuItem(tree, 'c')?.link).toBe('feed/news');
    expect(findMenuItem(tree, 'zz')).toBeUndefined();
    expect(findReactPage(tree, '/feed/news/')?.id).toBe('c');
    expect(findReactPage(tree, '/feed/other')).toBeUndefined();
  });
});
