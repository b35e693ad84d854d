import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

const OWNER = 'demo@comptoir.test';
const STAFF = 'support@comptoir.test';

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

interface Account {
  id: string;
  lastname: string;
  firstname: string;
  companies: { id: string; uniq_id_customer: number }[];
}

/** A demo account in debt with at least two unpaid notes in one establishment, found through the API. */
async function accountWithUnpaidNotes(
  page: Page,
  { withCredit = false } = {},
): Promise<{ account: Account; path: string }> {
  const headers = bearer(await storedAccessToken(page));
  const list = await page.request.get('/api/customer-account?balance=debit', { headers });
  expect(list.status()).toBe(200);
  const { accounts } = (await list.json()) as { accounts: Account[] };
  const tsEnd = Math.floor(Date.now() / 1000) + 86_400;
  for (const account of accounts.slice(0, 30)) {
    for (const company of account.companies) {
      const answer = await page.request.post('/api/customer-account/notes/unpaid', {
        headers,
        data: { contactsIds: [account.id], contactDb: company.id, tsStart: 0, tsEnd },
      });
      expect(answer.status()).toBe(200);
      const { notes } = (await answer.json()) as { notes: unknown[] };
      if (notes.length < 2) continue;
      if (withCredit) {
        const credits = await page.request.post('/api/customer-account/notes/credits', {
          headers,
          data: { contactsIds: [account.id], contactDb: company.id, tsStart: 0, tsEnd },
        });
        expect(credits.status()).toBe(200);
        if (((await credits.json()) as { credits: unknown[] }).credits.length === 0) continue;
      }
      return { account, path: `/customer-account/${company.uniq_id_customer}?id=${company.id}` };
    }
  }
  throw new Error('No demo account with two unpaid notes (and a credit if asked) in one establishment');
}

test('selects two unpaid notes, previews their ticket, mails it and finds the mail in the dev mailbox', async ({
  page,
  browser,
}) => {
  // Sign-ins, a PDF and a mail on a shared machine.
  test.slow();
  await markHelpVideoSeen(page);
  await signIn(page, OWNER);
  const { account, path } = await accountWithUnpaidNotes(page);
  const name = `${account.lastname} ${account.firstname}`.trim();

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: /Retour aux comptes clients/ })).toHaveAttribute(
    'href',
    '/customer-account',
  );
  await expect(page.getByRole('tab', { name: 'Impayées' })).toHaveAttribute('aria-selected', 'true');

  const panel = page.getByRole('region', { name: 'Tickets' });
  await expect(panel.getByText('Aucun ticket sélectionné')).toBeVisible();
  const notes = page.getByRole('table', { name: 'Impayées' });
  const boxes = notes.getByRole('checkbox', { name: /^Sélectionner la note du / });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  // The PDF waits for the selection to settle (2 s), then shows in the preview with its export link.
  await expect(panel.getByText('Le ticket sera mis à jour dans un instant.')).toBeVisible();
  const preview = panel.locator('iframe[title="Aperçu du ticket"]');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  const exportLink = panel.getByRole('link', { name: 'Exporter' });
  await expect(exportLink).toHaveAttribute('download', /\.pdf$/);
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  const exported = await fs.readFile((await download.path())!);
  expect(exported.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await panel.getByRole('tab', { name: 'Envoyer par e-mail' }).click();
  await expect(panel.getByLabel(/^Expéditeur/)).toHaveValue(OWNER);
  await expect(panel.getByLabel(/^Objet/)).toHaveValue('Votre addition');
  await expect(panel.getByLabel(/^Message/)).toHaveValue(
    new RegExp(`^Bonjour ${name},\\n\\nVeuillez trouver ci-joint votre addition\\.`),
  );
  const recipient = `client-${Date.now()}@example.test`;
  await panel.getByLabel(/^Destinataire/).fill('');
  await expect(panel.getByRole('button', { name: 'Envoyer' })).toHaveAttribute('aria-disabled', 'true');
  await panel.getByLabel(/^Destinataire/).fill(recipient);
  await expect(panel.getByRole('button', { name: 'Envoyer' })).toHaveAttribute('aria-disabled', 'false');
  await panel.getByRole('button', { name: 'Envoyer' }).click();
  await expect(panel.getByText('Votre e-mail a bien été envoyé.')).toBeVisible();
  await expect(panel.getByLabel(/^Destinataire/)).toHaveCount(0);

  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await markHelpVideoSeen(staff);
    await signIn(staff, STAFF);
    const headers = bearer(await storedAccessToken(staff));
    const { messages } = (await (await staff.request.get('/api/dev/mailbox', { headers })).json()) as {
      messages: { id: string; to: string; subject: string; attachments: { filename: string }[] }[];
    };
    const mail = messages.find((message) => message.to === recipient);
    expect(mail, 'the mail to the customer').toBeDefined();
    expect(mail!.subject).toBe('Votre addition');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.filename).toMatch(/\.pdf$/);
    const { text, reply_to: replyTo } = (await (
      await staff.request.get(`/api/dev/mailbox/${mail!.id}`, { headers })
    ).json()) as { text: string; reply_to: string | null };
    expect(text).toContain(`Bonjour ${name},`);
    expect(replyTo).toContain(OWNER);
  } finally {
    await staffContext.close();
  }
});

test('switching tabs clears the selection; credits are chosen with radio buttons', async ({ page }) => {
  await markHelpVideoSeen(page);
  await signIn(page, OWNER);
  const { path } = await accountWithUnpaidNotes(page, { withCredit: true });
  await page.goto(path);
  const notes = page.getByRole('table', { name: 'Impayées' });
  await notes.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
  await expect(notes.getByRole('checkbox', { name: /^Sélectionner la note du / }).first()).toBeChecked();

  await page.getByRole('tab', { name: 'Crédits' }).click();
  const panel = page.getByRole('region', { name: 'Tickets' });
  await expect(panel.getByText('Aucun crédit sélectionné')).toBeVisible();
  const credits = page.getByRole('table', { name: 'Crédits' });
  await expect(credits.getByRole('checkbox')).toHaveCount(0);
  const radios = credits.getByRole('radio', { name: /^Sélectionner le crédit du / });
  const paidNotes = page.getByRole('region', { name: 'Notes réglées par ce crédit' });
  await expect(paidNotes.getByText('Sélectionnez un crédit')).toBeVisible();
  await radios.first().check();
  await expect(radios.first()).toBeChecked();
  await expect(paidNotes.getByText('Sélectionnez un crédit')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Impayées' }).click();
  await expect(notes.getByRole('checkbox', { name: /^Sélectionner la note du / }).first()).not.toBeChecked();
  await expect(panel.getByText('Aucun ticket sélectionné')).toBeVisible();
});

test('downloads the account statement of the month as a PDF with its closing balance', async ({ page }) => {
  await markHelpVideoSeen(page);
  await signIn(page, OWNER);
  const { path } = await accountWithUnpaidNotes(page);
  await page.goto(path);
  await page.getByRole('button', { name: 'Relevé de compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Relevé de compte' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Télécharger le PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^releve-compte-\d+-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = await download.path();
  const head = (await fs.readFile(file)).subarray(0, 5).toString();
  expect(head).toBe('%PDF-');
  await fs.copyFile(file, '/tmp/statement.pdf').catch(() => undefined);
  await expect(dialog).toBeHidden();
});

test('records a transfer received outside the till: a wrong amount is marked, then the balance moves', async ({
  page,
}) => {
  await markHelpVideoSeen(page);
  await signIn(page, OWNER);
  const { path } = await accountWithUnpaidNotes(page);
  await page.goto(path);
  const balance = page.getByTestId('customer-balance');
  await expect(balance).toHaveText(/€/);
  const cents = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));
  const before = cents(await balance.textContent());
  expect(before).toBeLessThan(0);

  await page.getByRole('button', { name: 'Enregistrer un règlement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Règlement reçu hors caisse' });
  const amount = dialog.getByLabel('Montant');
  // What is owed is proposed.
  expect(cents(await amount.inputValue())).toBe(-before);
  await amount.fill('0');
  await dialog.getByRole('button', { name: 'Enregistrer le règlement' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Le montant doit être supérieur à zéro.')).toBeVisible();

  await amount.fill('1,50');
  await dialog.getByLabel('Référence du virement').fill('SEPA E2E');
  await dialog.getByRole('button', { name: 'Enregistrer le règlement' }).click();
  await expect(dialog).toBeHidden();
  // A partial payment: the oldest note is not paid in full yet.
  await expect(page.getByText(/Règlement de 1\.50 € enregistré : 0 note\(s\) soldée\(s\)/)).toBeVisible();
  await expect.poll(async () => cents(await balance.textContent())).toBe(before + 150);
});
