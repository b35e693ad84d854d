import { addCalendarDays, parisToday } from '@comptoir/contracts';
import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

const OWNER = 'demo@comptoir.test';

/** Today in Paris, `YYYY-MM-DD`, and the day before. */
function parisDays(): { today: string; yesterday: string } {
  const today = parisToday();
  return { today, yesterday: addCalendarDays(today, -1) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.use({ viewport: { width: 1440, height: 900 } });

test('service → order → line: the line’s history shows its creation with its values', async ({ page }) => {
  await markHelpVideoSeen(page);
  await signIn(page, OWNER);
  const headers = { authorization: `Bearer ${await storedAccessToken(page)}` };
  async function rowsOf<Row>(path: string): Promise<Row[]> {
    const answer = await page.request.get(`/api/administration-fiscale/tracking/${path}`, { headers });
    expect(answer.status(), path).toBe(200);
    return ((await answer.json()) as { rows: Row[] }).rows;
  }

  // A line of yesterday's first service whose product is alone in its order, so its button is unambiguous.
  const { today, yesterday } = parisDays();
  const services = await rowsOf<{ id: string; number: number }>(
    `services?startDate=${yesterday}&endDate=${today}`,
  );
  let target: { service: { id: string; number: number }; order: number; product: string } | null = null;
  for (const service of services) {
    const orders = await rowsOf<{ id: string; number: number }>(`commandes?objectId=${service.id}`);
    for (const order of orders) {
      const lines = await rowsOf<{ product_name: string; removed: boolean }>(
        `order-line?orderId=${order.id}`,
      );
      const line = lines.find(
        (l) => !l.removed && lines.filter((other) => other.product_name === l.product_name).length === 1,
      );
      if (line) {
        target = { service, order: order.number, product: line.product_name };
        break;
      }
    }
    if (target) break;
  }
  expect(target, 'a service with an order line in the demo data').not.toBeNull();
  const { service, order, product } = target!;
  const serviceTitle = `Service n° ${service.number}`;
  const orderTitle = `Commande n° ${order}`;
  const lineTitle = `Ligne de commande : ${product}`;

  await page.goto(`/administration-fiscale/services/details/${service.id}`);
  await expect(page.getByRole('heading', { level: 1, name: serviceTitle })).toBeVisible();
  await page.getByRole('tab', { name: 'Commandes' }).click();
  const orders = page.getByRole('table', { name: `Commandes, ${serviceTitle}` });
  await orders.getByLabel('Valeur à comparer, colonne N° de commande').fill(String(order));
  await orders.getByRole('button', { name: `Ouvrir la commande n° ${order}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: orderTitle })).toBeVisible();

  await page.getByRole('tab', { name: 'Lignes de commande' }).click();
  await page
    .getByRole('table', { name: `Lignes de commande, ${orderTitle}` })
    .getByRole('button', { name: new RegExp(`^Ouvrir la ligne \\d+, ${escapeRegExp(product)}$`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: lineTitle })).toBeVisible();

  const history = page.getByRole('table', { name: `Historique, ${lineTitle}` });
  const creation = history.locator('tbody tr').first();
  await expect(creation.locator('td').first()).toHaveText('Création');
  await expect(creation).toContainText('order_line');
  await expect(creation).toContainText(`product_name=${product}`);
  await expect(history).not.toContainText('Aucune donnée trouvée');
});
