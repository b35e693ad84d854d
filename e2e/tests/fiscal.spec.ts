import { parisToday } from '@comptoir/contracts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { drawer, markHelpVideoSeen, openUserMenu, signIn, storedAccessToken } from './helpers';

const OWNER = 'demo@comptoir.test';
const STAFF = 'support@comptoir.test';
const ACCOUNT_NAME = 'Groupe Dupont';
const INSPECTOR_DOMAIN = 'dgfip.finances.gouv.fr';
const AT_SIGN_ERROR = 'l\'Email de l\'administration fiscale ne doit pas contenir le symbole "@".';
const REQUEST_SENT = 'Succès, vous recevrez un email lorsque la demande sera validée';
const ACTION_LABELS: Record<string, string> = {
  create: 'Création',
  update: 'Mise à jour',
  delete: 'Suppression',
};
const ACTION_LABEL = /^(Création|Mise à jour|Suppression)$/;

interface Closure {
  id: string;
  type: number;
  registerName: string | null;
  companyName: string;
  start_date: string;
  end_date: string;
}

/** `2026-03-01` as the fiscal tables show it, `01-03-2026`. */
function tableDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

interface Mail {
  id: string;
  to: string;
  subject: string;
}

/** The dev mailbox, newest first: without SMTP the mails stay there, readable by support staff. */
async function mailbox(staffPage: Page): Promise<Mail[]> {
  const answer = await staffPage.request.get('/api/dev/mailbox', {
    headers: bearer(await storedAccessToken(staffPage)),
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { messages: Mail[] }).messages;
}

/** The sign-in link (path and token) of the mail the inspector received. */
async function mailedSignInLink(staffPage: Page, mail: Mail): Promise<string> {
  const answer = await staffPage.request.get(`/api/dev/mailbox/${mail.id}`, {
    headers: bearer(await storedAccessToken(staffPage)),
  });
  const { text } = (await answer.json()) as { text: string };
  const link = /https?:\/\/\S+\/fisc-connect-as\?token=\S+/.exec(text)?.[0];
  expect(link, 'the sign-in link of the mail').toBeDefined();
  const url = new URL(link!);
  // The token is also given alone in the mail, for typing it in.
  expect(text).toContain(`\n${url.searchParams.get('token')}\n`);
  return `${url.pathname}${url.search}`;
}

interface TrackingRow {
  action: string;
  table_name: string;
  table_id: string;
  record_id: string;
}

/** An order line of the closure whose history holds rows, one its order names unambiguously. */
interface TracedLine {
  service: number;
  order: number;
  product: string;
  actions: string[];
}

/**
 * The POS traces an order line's corrections and cancellations (the server adds its creation): the
 * inspector's own token finds, through the fiscal API, a line that was corrected.
 */
async function tracedOrderLine(
  request: APIRequestContext,
  token: string,
  closureId: string,
): Promise<TracedLine> {
  const headers = bearer(token);
  async function rowsOf<Row>(path: string): Promise<Row[]> {
    const answer = await request.get(`/api/administration-fiscale/${path}`, { headers });
    expect(answer.status(), path).toBe(200);
    return ((await answer.json()) as { rows: Row[] }).rows;
  }
  const detail = await request.post('/api/administration-fiscale/clotureById', {
    headers,
    data: { cloturesIds: [closureId] },
  });
  expect(detail.status()).toBe(200);
  const { closures } = (await detail.json()) as {
    closures: { services: { id: string; number: number }[] }[];
  };
  for (const service of closures[0]?.services ?? []) {
    const lineEntries = (await rowsOf<TrackingRow>(`tracking/fullhistory?objectId=${service.id}`)).filter(
      (entry) => entry.table_name === 'order_line',
    );
    if (lineEntries.length === 0) continue;
    const orders = await rowsOf<{ id: string; number: number }>(`tracking/commandes?objectId=${service.id}`);
    for (const entry of lineEntries) {
      const order = orders.find((candidate) => candidate.id === entry.record_id);
      if (!order) continue;
      const lines = await rowsOf<{ id: string; product_name: string }>(
        `tracking/order-line?orderId=${order.id}`,
      );
      const line = lines.find((candidate) => candidate.id === entry.table_id);
      if (!line || lines.filter((other) => other.product_name === line.product_name).length > 1) continue;
      const history = await rowsOf<TrackingRow>(`tracking/history?objectId=${line.id}`);
      return {
        service: service.number,
        order: order.number,
        product: line.product_name,
        actions: history.map((row) => row.action),
      };
    }
  }
  throw new Error(`no order line of closure ${closureId} has a history`);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('the owner asks access for an inspector, support validates it, the inspector browses a closure down to an order line and its Z report', async ({
  page,
  browser,
}) => {
  const inspectorEmail = `inspecteur.${Date.now()}@${INSPECTOR_DOMAIN}`;
  const inspectorLocalPart = inspectorEmail.split('@')[0]!;

  await test.step('the owner requests a week of access for the inspector', async () => {
    await markHelpVideoSeen(page);
    await signIn(page, OWNER);
    await page.goto('/administration-fiscale');
    const form = page.getByRole('region', { name: "Demander un accès pour l'administration fiscale" });
    const send = form.getByRole('button', { name: 'Envoyer' });
    const localPart = form.getByLabel("E-mail de l'administration fiscale");
    const ownEmail = form.getByLabel('Votre e-mail');
    await expect(ownEmail).toHaveValue(OWNER);
    await expect(form.getByText(`@${INSPECTOR_DOMAIN}`, { exact: true })).toBeVisible();
    await expect(send).toBeDisabled();

    await localPart.fill(`${inspectorLocalPart}@`);
    const atSignError = form.getByRole('alert');
    await expect(atSignError).toHaveText(AT_SIGN_ERROR);
    await expect(localPart).toHaveAttribute('aria-invalid', 'true');
    await expect(send).toBeDisabled();
    // The error stays as long as the "@" does.
    await form.getByRole('radio', { name: '2 mois' }).check();
    await expect(atSignError).toHaveText(AT_SIGN_ERROR);

    await localPart.fill(inspectorLocalPart);
    await expect(atSignError).toHaveCount(0);
    await expect(send).toBeEnabled();
    await ownEmail.fill('');
    await expect(send).toBeDisabled();
    await ownEmail.fill(OWNER);
    await form.getByRole('radio', { name: '1 semaine' }).check();
    await expect(form.getByRole('radio', { name: '1 semaine' })).toBeChecked();
    await send.click();

    await expect(form.getByRole('status')).toHaveText(REQUEST_SENT);
    await expect(send).toBeDisabled();
    await expect(localPart).toBeDisabled();
  });

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  let signInPath = '';
  await test.step('support staff validate the request from the support page', async () => {
    await markHelpVideoSeen(staffPage);
    await signIn(staffPage, STAFF);
    await drawer(staffPage).getByRole('link', { name: 'Support client' }).click();
    await staffPage
      .getByRole('navigation', { name: 'Outils du support' })
      .getByRole('link', { name: "Demandes d'accès de l'administration fiscale" })
      .click();
    await expect(staffPage).toHaveURL('/support/fiscal-access');
    await expect(
      staffPage.getByRole('heading', { level: 1, name: "Demandes d'accès de l'administration fiscale" }),
    ).toBeVisible();

    const row = staffPage.getByRole('row').filter({ hasText: inspectorEmail });
    await expect(row).toContainText('1 semaine');
    await expect(row).toContainText('En attente');
    await row.getByRole('button', { name: `Valider la demande de ${ACCOUNT_NAME}` }).click();
    const confirm = staffPage.getByRole('dialog', { name: 'Valider la demande ?' });
    await expect(confirm).toContainText(inspectorEmail);
    await expect(confirm).toContainText('1 semaine');
    await confirm.getByRole('button', { name: 'Valider', exact: true }).click();

    await expect(
      staffPage.getByText(`Demande validée : le jeton a été envoyé à ${inspectorEmail}.`),
    ).toBeVisible();
    await expect(row).toContainText('Validée');
    await expect(row.getByRole('button', { name: /Valider la demande/ })).toHaveCount(0);

    // The request went to support staff; the validation to the owner and, with the token, to the inspector.
    const mails = await mailbox(staffPage);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual(
      expect.arrayContaining([
        [STAFF, `Demande d'accès de l'administration fiscale à valider : ${ACCOUNT_NAME}`],
        [OWNER, "Comptoir : votre demande d'accès pour l'administration fiscale est validée"],
        [inspectorEmail, `Comptoir : votre accès aux données fiscales de ${ACCOUNT_NAME}`],
      ]),
    );
    const toInspector = mails.find((mail) => mail.to === inspectorEmail)!;
    signInPath = await mailedSignInLink(staffPage, toInspector);
  });
  await staffContext.close();

  // The inspector's browser holds no user session.
  const inspectorContext = await browser.newContext();
  const inspector = await inspectorContext.newPage();
  await markHelpVideoSeen(inspector);
  let fiscalToken = '';
  await test.step('the inspector signs in with the mailed link', async () => {
    await inspector.goto(signInPath);
    await expect(
      inspector.getByRole('heading', { level: 1, name: 'Connexion administration fiscale' }),
    ).toBeVisible();
    const submit = inspector.getByRole('button', { name: 'Se connecter' });
    const token = inspector.getByLabel('Jeton');
    const mailedToken = new URLSearchParams(signInPath.split('?')[1]).get('token')!;
    await expect(token).toHaveValue(mailedToken);
    await expect(submit).toBeDisabled();
    await inspector.getByLabel('E-mail', { exact: true }).fill(inspectorEmail);
    await expect(submit).toBeEnabled();
    await token.fill('');
    await expect(submit).toBeDisabled();
    await token.fill(mailedToken);
    await submit.click();

    await expect(inspector.getByText('Succès, connexion en cours ...')).toBeVisible();
    await expect(inspector).toHaveURL('/administration-fiscale');
    await expect(inspector.getByRole('heading', { level: 1, name: 'Clôtures' })).toBeVisible();
    await expect(inspector.getByText('Connecté en tant que fisc').first()).toBeVisible();
    fiscalToken = (await inspector.evaluate(() => localStorage.getItem('fiscalAccessToken')))!;
    expect(fiscalToken).toBeTruthy();
  });

  // The e2e demo holds 35 days, so always the end of a month and its monthly closure; the server
  // answers a year at most.
  const today = parisToday();
  const year = Number(today.slice(0, 4));
  const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  async function closuresOfType(type: number): Promise<Closure[]> {
    const answer = await inspector.request.get(
      `/api/administration-fiscale/cloture?startDate=${yearAgo}&endDate=${today}&type=${type}`,
      { headers: bearer(fiscalToken) },
    );
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { closures: Closure[] }).closures;
  }
  const closure = (await closuresOfType(3))[0];
  expect(closure, 'a monthly closure in the demo data').toBeDefined();
  const typeLabel = 'Clôture mensuelle';
  const closureYear = Number(closure!.start_date.slice(0, 4));
  const place = closure!.registerName ?? closure!.companyName;
  const period = `du ${tableDay(closure!.start_date)} au ${tableDay(closure!.end_date)}`;

  await test.step(`the inspector lists the closures of one type and opens a ${typeLabel.toLowerCase()}`, async () => {
    const filters = inspector.getByRole('form', { name: 'Filtres des clôtures' });
    await filters.getByLabel('Type de clôture').selectOption({ label: typeLabel });
    await filters
      .getByLabel('Dates prédéfinies')
      .selectOption({ label: closureYear === year ? `Année en cours (${year})` : `Année ${closureYear}` });
    await expect(filters.getByLabel('Date de début')).toHaveValue(`01/01/${closureYear}`);
    await expect(filters.getByLabel('Date de fin')).toHaveValue(`31/12/${closureYear}`);
    await filters.getByRole('button', { name: 'Actualiser' }).click();

    const list = inspector.getByRole('table', {
      name: `${typeLabel} du 01-01-${closureYear} au 31-12-${closureYear}`,
    });
    // The rows of the previous filters stay shown until the new ones come.
    const typeCells = list.locator('tbody th');
    await expect.poll(async () => new Set(await typeCells.allTextContents())).toEqual(new Set([typeLabel]));
    await list
      .getByRole('row')
      .filter({ hasText: closure!.companyName })
      .filter({ hasText: place })
      .getByRole('button', {
        name: `Ouvrir la ${typeLabel.toLowerCase()} du ${tableDay(closure!.start_date)}, ${closure!.registerName ? `${closure!.companyName} · ${closure!.registerName}` : closure!.companyName}`,
      })
      .click();

    await expect(inspector).toHaveURL(`/administration-fiscale/clotures/details/${closure!.id}`);
    await expect(inspector.getByRole('heading', { level: 1, name: `${typeLabel} · ${place}` })).toBeVisible();
    const tabs = inspector.getByRole('tablist', { name: 'Contenu de la clôture' }).getByRole('tab');
    await expect(tabs).toHaveCount(3);
    await inspector.getByRole('tab', { name: 'Détails TVA' }).click();
    await expect(inspector.getByRole('table', { name: `TVA ${place} ${period}` })).toBeVisible();
    await inspector.getByRole('tab', { name: 'Paiements' }).click();
    await expect(inspector.getByRole('table', { name: `Paiements ${place} ${period}` })).toBeVisible();
    await inspector.getByRole('tab', { name: /^Services/ }).click();
    await expect(inspector.getByRole('table', { name: `Services ${place} ${period}` })).toBeVisible();
  });

  let serviceTitle = '';
  let orderTitle = '';
  await test.step('a service, one of its orders, then an order line and its history', async () => {
    const traced = await tracedOrderLine(inspector.request, fiscalToken, closure!.id);
    serviceTitle = `Service n° ${traced.service}`;
    orderTitle = `Commande n° ${traced.order}`;
    const lineTitle = `Ligne de commande : ${traced.product}`;

    const services = inspector.getByRole('table', { name: `Services ${place} ${period}` });
    await services.getByLabel('Valeur à comparer, colonne N° de service').fill(String(traced.service));
    await services.getByRole('button', { name: `Ouvrir le service n° ${traced.service}` }).click();
    await expect(inspector.getByRole('heading', { level: 1, name: serviceTitle })).toBeVisible();
    await expect(inspector.getByRole('tab', { name: 'Historique Complet' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const fullHistory = inspector.getByRole('table', { name: `Historique complet, ${serviceTitle}` });
    await expect(fullHistory.locator('tbody tr').first()).toBeVisible();
    for (const action of await fullHistory.locator('tbody td:nth-of-type(1)').allTextContents()) {
      expect(action).toMatch(ACTION_LABEL);
    }

    await inspector.getByRole('tab', { name: 'Commandes' }).click();
    const orders = inspector.getByRole('table', { name: `Commandes, ${serviceTitle}` });
    await orders.getByLabel('Valeur à comparer, colonne N° de commande').fill(String(traced.order));
    await orders.getByRole('button', { name: `Ouvrir la commande n° ${traced.order}` }).click();
    await expect(inspector.getByRole('heading', { level: 1, name: orderTitle })).toBeVisible();

    await inspector.getByRole('tab', { name: 'Lignes de commande' }).click();
    await inspector
      .getByRole('table', { name: `Lignes de commande, ${orderTitle}` })
      .getByRole('button', {
        name: new RegExp(`^Ouvrir la ligne \\d+, ${traced.product.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      })
      .click();
    await expect(inspector.getByRole('heading', { level: 1, name: lineTitle })).toBeVisible();

    const history = inspector.getByRole('table', { name: `Historique, ${lineTitle}` });
    await expect(history.getByRole('columnheader', { name: 'Action' })).toBeVisible();
    const actions = history.locator('tbody td:nth-of-type(1)');
    const expected = traced.actions.slice(0, 5).map((action) => ACTION_LABELS[action] ?? action);
    await expect(actions).toHaveText(expected);
  });

  await test.step('back to the closure, its Z report opens in a modal and downloads', async () => {
    const back = inspector.getByRole('navigation', { name: 'Navigation fiscale' }).getByRole('button', {
      name: 'Retour',
    });
    await back.click();
    await expect(inspector.getByRole('heading', { level: 1, name: orderTitle })).toBeVisible();
    await back.click();
    await expect(inspector.getByRole('heading', { level: 1, name: serviceTitle })).toBeVisible();
    // The tab chosen on the service stays chosen.
    await expect(inspector.getByRole('tab', { name: 'Commandes' })).toHaveAttribute('aria-selected', 'true');
    await back.click();
    await expect(inspector.getByRole('heading', { level: 1, name: `${typeLabel} · ${place}` })).toBeVisible();

    const pdfResponse = inspector.waitForResponse((response) => response.url().includes('/data/pdf?'));
    await inspector.getByRole('button', { name: "Voir l'impression du rapport Z" }).click();
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const link = new URL(pdf.url());
    expect(link.searchParams.get('action')).toBe('z');
    expect(link.searchParams.get('closure_id')).toBe(closure!.id);
    expect(link.searchParams.get('format')).toBe('pdf');

    const zTitle = `Rapport Z, ${place} ${period}`;
    const modal = inspector.getByRole('dialog', { name: zTitle });
    const frame = modal.locator('iframe');
    await expect(frame).toHaveAttribute('title', zTitle);
    await expect(frame).toHaveAttribute('src', /^blob:/);
    const download = modal.getByRole('link', { name: 'Télécharger le PDF' });
    await expect(download).toHaveAttribute('href', /^blob:/);
    await expect(download).toHaveAttribute('download', `rapport-z-${closure!.start_date}.pdf`);
    const [file] = await Promise.all([inspector.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`rapport-z-${closure!.start_date}.pdf`);

    // The data host's link, fetched again: the PDF itself.
    const bytes = await (await inspector.request.get(link.toString())).body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await inspector.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  await test.step('the fiscal token opens nothing else, and logout leads back to the fiscal sign-in', async () => {
    const refused = await inspector.request.get('/api/reports/sales-analysis', {
      headers: bearer(fiscalToken),
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'FISCAL_TOKEN_NOT_ALLOWED',
    );

    await openUserMenu(inspector);
    await inspector.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(inspector).toHaveURL('/fisc-connect-as');
    await expect(
      inspector.getByRole('heading', { level: 1, name: 'Connexion administration fiscale' }),
    ).toBeVisible();
    expect(await inspector.evaluate(() => localStorage.getItem('fiscalAccessToken'))).toBeNull();
  });
  await inspectorContext.close();
});
