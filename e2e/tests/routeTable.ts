import { addCalendarDays, parisToday } from '@comptoir/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { storedAccessToken } from './helpers';

/**
 * The portal's route table as `apps/web/src/app/routes.tsx` declares it, and a real address for each
 * route: walked by route-table.spec.ts (no placeholder) and accessibility.spec.ts (no axe violation).
 */
const ROUTES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/app/routes.tsx',
);

/** The route patterns of routes.tsx: `guarded('…'`, `path: '…'` and the embedded `v2/` reports. */
export function declaredPatterns(): string[] {
  const source = fs.readFileSync(ROUTES_FILE, 'utf8');
  const patterns = new Set<string>();
  for (const [, pattern] of source.matchAll(/guarded\(\s*'([^']+)'/g)) patterns.add(pattern!);
  for (const [, pattern] of source.matchAll(/path: '([^']+)'/g)) patterns.add(pattern!);
  const v2 = /V2_REPORTS[^{]*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  for (const [, name] of v2.matchAll(/'?([a-z-]+)'?:/g)) patterns.add(`v2/${name}`);
  if (source.includes('FISCAL_DETAIL_ROUTE')) patterns.add('administration-fiscale/:kind/details/:id');
  return [...patterns];
}

/** Routes that are not pages of the signed-in portal: where they lead is tested by their own specs. */
export const NOT_WALKED = new Set([
  'connect-as/:viewAsCustomerToken', // needs a view-as token issued by support (support specs)
  'fisc-connect-as', // the inspector's sign-in (fiscal-inspector specs)
  'reporting-v2/:reportName', // a redirect to v2/ (reports spec)
  '*', // the catch-all « Oups ! »
  '404',
  'unauthorized',
  'support', // staff only: walked below as support
  'support/fiscal-access',
  'support/notifications',
  'support/mail-outbox',
  'dev/mailbox',
]);

export const STAFF_ROUTES = [
  'support',
  'support/fiscal-access',
  'support/notifications',
  'support/mail-outbox',
  'dev/mailbox',
];

export interface Ids {
  customerAccount: string;
  service: string;
  order: string;
  reports: string[];
  salesReports: string[];
}

export async function realIds(page: Page): Promise<Ids> {
  const headers = { authorization: `Bearer ${await storedAccessToken(page)}` };
  async function json<T>(url: string): Promise<T> {
    const answer = await page.request.get(url, { headers });
    expect(answer.status(), url).toBe(200);
    return (await answer.json()) as T;
  }
  const today = parisToday();
  const weekAgo = addCalendarDays(today, -7);
  const services = await json<{ rows: { id: string }[] }>(
    `/api/administration-fiscale/tracking/services?startDate=${weekAgo}&endDate=${today}`,
  );
  const service = services.rows[0]!.id;
  const orders = await json<{ rows: { id: string }[] }>(
    `/api/administration-fiscale/tracking/commandes?objectId=${service}`,
  );
  const { accounts } = await json<{ accounts: { id: string }[] }>('/api/customer-account');
  type Item = { id: string; type: number; link: string; is_react: boolean; childrens?: Item[] };
  const { categories } = await json<{ categories: Item[] }>('/api/categories');
  const items = categories.flatMap((item) => [item, ...(item.childrens ?? [])]);
  const embedded = items.filter(
    (item) => !item.is_react && !item.link.includes('http') && !item.childrens?.length,
  );
  return {
    customerAccount: accounts[0]!.id,
    service,
    order: orders.rows[0]!.id,
    reports: embedded.filter((item) => item.type === 0).map((item) => item.id),
    salesReports: embedded.filter((item) => item.type !== 0).map((item) => item.id),
  };
}

/** The addresses that stand for one route pattern. */
export function addressesOf(pattern: string, ids: Ids): string[] {
  switch (pattern) {
    case '/':
      return ['/'];
    case 'reporting/:reportName':
      return ids.reports.map((id) => `/reporting/${id}`);
    case 'reporting-sales/:reportName':
      return ids.salesReports.map((id) => `/reporting-sales/${id}`);
    case 'feed/:name':
      return ['/feed/news'];
    case 'customer-account/:id':
      return [`/customer-account/${ids.customerAccount}`];
    case 'administration-fiscale/:kind/details/:id':
      return [
        `/administration-fiscale/services/details/${ids.service}`,
        `/administration-fiscale/commandes/details/${ids.order}`,
      ];
    case 'administration-fiscale/errors/details/:id':
      return []; // the demo's errors page may be empty; its detail is covered by fiscal-errors.spec.ts
    default:
      return [`/${pattern}`];
  }
}

/** Every address of the route table that the account's holder opens (what NOT_WALKED leaves). */
export async function holderAddresses(page: Page): Promise<string[]> {
  const ids = await realIds(page);
  return declaredPatterns()
    .filter((pattern) => !NOT_WALKED.has(pattern))
    .flatMap((pattern) => addressesOf(pattern, ids));
}

const PLACEHOLDER = "Cette page n'est pas encore disponible";

/**
 * Opens a page of the route table and waits until it has loaded its script and first data; fails on
 * a page that still shows the placeholder « Cette page n'est pas encore disponible » (issue 19) or
 * the unknown-path page.
 */
export async function openRenderedPage(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await expect(page.locator('main h1, main h2').first(), address).toBeVisible();
  await expect(page.getByText('Chargement…')).toHaveCount(0);
  await expect.soft(page.getByText(PLACEHOLDER), address).toHaveCount(0, { timeout: 1_000 });
  await expect.soft(page.getByText('Oups !'), address).toHaveCount(0, { timeout: 1_000 });
}
