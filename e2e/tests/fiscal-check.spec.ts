import { calendarMonthEnd, parisToday } from '@comptoir/contracts';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

const OWNER = 'demo@comptoir.test';
const STAFF = 'support@comptoir.test';
const INSPECTOR_DOMAIN = 'dgfip.finances.gouv.fr';

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

interface CheckStatus {
  jobId: number;
  status: string;
  progress: number;
  remainingSeconds: number | null;
  result: {
    startDay: string;
    endDay: string;
    checkedRecords: number;
    defects: number;
    seconds?: number;
  } | null;
}

/**
 * The closures list is the inspector's home (spec 2 §2): the owner asks an access, support staff
 * validate it, and the inspector's token comes by mail (the walk itself is tested in fiscal.spec.ts).
 */
async function inspectorToken(owner: Page, staff: Page, inspectorEmail: string): Promise<string> {
  await markHelpVideoSeen(owner);
  await signIn(owner, OWNER);
  const asked = await owner.request.post('/api/administration-fiscale', {
    headers: bearer(await storedAccessToken(owner)),
    data: { askerEmail: inspectorEmail, customerEmail: OWNER, expireType: '1week' },
  });
  expect(asked.status()).toBe(201);
  const requestId = ((await asked.json()) as { fiscAccess: { id: string }[] }).fiscAccess[0]!.id;

  await markHelpVideoSeen(staff);
  await signIn(staff, STAFF);
  const staffHeaders = bearer(await storedAccessToken(staff));
  const validated = await staff.request.post(`/api/support/fiscal-access-requests/${requestId}/validate`, {
    headers: staffHeaders,
  });
  expect(validated.status()).toBe(200);
  const { messages } = (await (
    await staff.request.get('/api/dev/mailbox', { headers: staffHeaders })
  ).json()) as {
    messages: { id: string; to: string }[];
  };
  const mail = messages.find((message) => message.to === inspectorEmail);
  expect(mail, 'the mail to the inspector').toBeDefined();
  const { text } = (await (
    await staff.request.get(`/api/dev/mailbox/${mail!.id}`, { headers: staffHeaders })
  ).json()) as { text: string };
  const link = /https?:\/\/\S+\/fisc-connect-as\?token=\S+/.exec(text)?.[0];
  expect(link, 'the sign-in link of the mail').toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

/** A new inspector, signed in on the closures list in a browser of their own. */
async function inspectorOnClosuresList(browser: Browser): Promise<{ page: Page; context: BrowserContext }> {
  const inspectorEmail = `verification.${Date.now()}@${INSPECTOR_DOMAIN}`;
  const ownerContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const token = await inspectorToken(
    await ownerContext.newPage(),
    await staffContext.newPage(),
    inspectorEmail,
  );
  await ownerContext.close();
  await staffContext.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await markHelpVideoSeen(page);
  await page.goto(`/fisc-connect-as?token=${encodeURIComponent(token)}`);
  await page.getByLabel('E-mail', { exact: true }).fill(inspectorEmail);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/administration-fiscale');
  await expect(page.getByRole('heading', { level: 1, name: 'Clôtures' })).toBeVisible();
  return { page, context };
}

test('the inspector checks the signatures of the current month on the closures list: no error', async ({
  browser,
}) => {
  // Three sign-ins and two real checks of a month of demo data: more than the default minute.
  test.setTimeout(150_000);
  const { page, context } = await inspectorOnClosuresList(browser);

  // The default range is the current month.
  const today = parisToday();
  const monthStart = `${today.slice(0, 8)}01`;
  const monthEnd = calendarMonthEnd(today);
  const filters = page.getByRole('form', { name: 'Filtres des clôtures' });
  // The fields write the days DD/MM/YYYY.
  await expect(filters.getByLabel('Date de début')).toHaveValue(monthStart.split('-').reverse().join('/'));
  await expect(filters.getByLabel('Date de fin')).toHaveValue(monthEnd.split('-').reverse().join('/'));

  const check = page.getByRole('button', { name: 'Vérifier les signatures' });
  await expect(check).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('check-idle-1280.png'), fullPage: true });

  // Every status the page reads, to tell what the server answered along the way.
  const statuses: CheckStatus[] = [];
  page.on('response', (response) => {
    if (/\/api\/check\/jobs\/\d+$/.test(new URL(response.url()).pathname) && response.ok()) {
      void response.json().then((body: CheckStatus) => statuses.push(body));
    }
  });
  const started = page.waitForResponse((response) => response.url().includes('/api/check/signatureServer'));
  await check.click();
  await page.screenshot({ path: test.info().outputPath('check-running-1280.png'), fullPage: true });
  const startAnswer = await started;
  expect(startAnswer.ok()).toBe(true);
  const startUrl = new URL(startAnswer.url());
  expect(startUrl.searchParams.get('startDate')).toBe(monthStart);
  expect(startUrl.searchParams.get('endDate')).toBe(monthEnd);
  const { jobId } = (await startAnswer.json()) as { jobId: number };

  await expect(page.getByText('Aucune erreur détectée')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('check-done-1280.png'), fullPage: true });
  await expect(page).toHaveURL('/administration-fiscale');
  await expect(check).toBeEnabled();

  // The test reads the answers' bodies on its own side, maybe after the page did.
  const lastOf = () => statuses.filter((status) => status.jobId === jobId).at(-1);
  await expect.poll(() => lastOf()?.status).toBe('done');
  const last = lastOf();
  expect(last).toMatchObject({ status: 'done', progress: 100, result: { defects: 0 } });
  expect(last!.result).toMatchObject({ startDay: monthStart, endDay: monthEnd });
  expect(last!.result!.checkedRecords).toBeGreaterThan(0);

  // On a phone: the same button, full width, runs again.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Aucune erreur détectée')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('check-idle-390.png'), fullPage: true });
  await check.click();
  await page.screenshot({ path: test.info().outputPath('check-running-390.png'), fullPage: true });
  await expect(page.getByText('Aucune erreur détectée')).toBeVisible();
  await expect(check).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('check-done-390.png'), fullPage: true });
  await context.close();
});

/**
 * The wording while a check runs and the way to the errors page, whatever the demo data holds: the
 * server's answers (the contract's) move on one step each time the screen has been read.
 */
test('while a check runs the button tells the percentage and the time left; defects lead to the errors page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, context } = await inspectorOnClosuresList(browser);
  const steps: CheckStatus[] = [
    { jobId: 41, status: 'queued', progress: 0, remainingSeconds: null, result: null },
    { jobId: 41, status: 'running', progress: 37, remainingSeconds: 11.4, result: null },
    { jobId: 41, status: 'running', progress: 80, remainingSeconds: 170, result: null },
    {
      jobId: 41,
      status: 'done',
      progress: 100,
      remainingSeconds: 0,
      result: { startDay: '2026-11-01', endDay: '2026-11-24', checkedRecords: 900, defects: 2, seconds: 4 },
    },
  ];
  let step = 0;
  await page.route('**/api/check/signatureServer?*', (route) =>
    route.fulfill({ status: 202, json: { jobId: 41 } }),
  );
  await page.route('**/api/check/jobs/41', (route) => route.fulfill({ json: steps[step] }));

  const check = page.getByRole('region', { name: 'Vérifier les signatures' });
  await check.getByRole('button', { name: 'Vérifier les signatures' }).click();
  const button = check.getByRole('button', { name: 'Vérification en cours…' });
  const status = check.getByRole('status');
  const progress = check.getByRole('progressbar', { name: 'Avancement de la vérification des signatures' });
  await expect(button).toBeDisabled();
  await expect(status).toContainText('0 % — temps restant en cours de calcul');

  step = 1;
  await expect(status).toContainText('37 % — environ 12 s restantes');
  await expect(progress).toHaveAttribute('aria-valuenow', '37');
  await expect(button).toBeDisabled();

  step = 2;
  await expect(status).toContainText('80 % — environ 3 min restantes');
  await expect(progress).toHaveAttribute('aria-valuenow', '80');
  await page.screenshot({ path: test.info().outputPath('check-progress-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(button).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('check-progress-390.png') });

  step = 3;
  await expect(page).toHaveURL('/administration-fiscale/errors/');
  await expect(page.getByText('2 erreurs détectées')).toBeVisible();
  await context.close();
});
