import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';

/** The demo holder who asks the access, and the support staff who validates it. */
const OWNER = 'demo@comptoir.test';
const STAFF = 'support@comptoir.test';
export const INSPECTOR_DOMAIN = 'dgfip.finances.gouv.fr';

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * An access the demo holder asked for a new inspector address and support staff validated: the
 * address and the sign-in token of the inspector's mail. `prefix` names the address's owner test.
 */
export async function validatedInspectorAccess(
  browser: Browser,
  prefix: string,
): Promise<{ email: string; token: string }> {
  const email = `${prefix}.${Date.now()}@${INSPECTOR_DOMAIN}`;
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await markHelpVideoSeen(owner);
  await signIn(owner, OWNER);
  const asked = await owner.request.post('/api/administration-fiscale', {
    headers: bearer(await storedAccessToken(owner)),
    data: { askerEmail: email, customerEmail: OWNER, expireType: '1week' },
  });
  expect(asked.status()).toBe(201);
  const requestId = ((await asked.json()) as { fiscAccess: { id: string }[] }).fiscAccess[0]!.id;
  await ownerContext.close();

  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await markHelpVideoSeen(staff);
    await signIn(staff, STAFF);
    const headers = bearer(await storedAccessToken(staff));
    const validated = await staff.request.post(`/api/support/fiscal-access-requests/${requestId}/validate`, {
      headers,
    });
    expect(validated.status()).toBe(200);
    const { messages } = (await (await staff.request.get('/api/dev/mailbox', { headers })).json()) as {
      messages: { id: string; to: string }[];
    };
    const mail = messages.find((message) => message.to === email);
    expect(mail, 'the mail to the inspector').toBeDefined();
    const { text } = (await (
      await staff.request.get(`/api/dev/mailbox/${mail!.id}`, { headers })
    ).json()) as { text: string };
    const link = /https?:\/\/\S+\/fisc-connect-as\?token=\S+/.exec(text)?.[0];
    expect(link, 'the sign-in link of the mail').toBeDefined();
    return { email, token: new URL(link!).searchParams.get('token')! };
  } finally {
    await staffContext.close();
  }
}

/** Uploads an archive's CSV and key to the file check dialog and asks for the check. */
export async function checkArchiveFiles(dialog: Locator, csv: Buffer, key: Buffer): Promise<void> {
  await dialog.getByLabel("Fichier d'export (.csv)").setInputFiles({
    name: 'archive-fiscale.csv',
    mimeType: 'text/csv',
    buffer: csv,
  });
  await dialog.getByLabel('Clé de vérification (.txt)').setInputFiles({
    name: 'archive-fiscale.txt',
    mimeType: 'text/plain',
    buffer: key,
  });
  await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
}

/** The dev mailbox, newest first: without SMTP the mails stay there, readable by support staff. */
export async function mailbox(staffPage: Page, token: string): Promise<Mail[]> {
  const answer = await staffPage.request.get('/api/dev/mailbox', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { messages: Mail[] }).messages;
}

/** One mail's text from the dev mailbox. */
export async function mailText(staffPage: Page, token: string, id: string): Promise<string> {
  const answer = await staffPage.request.get(`/api/dev/mailbox/${id}`, { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { text: string }).text;
}

/** A path and query taken from an archive mail's link, so that it is fetched from the test's server. */
export function mailedArchiveLink(text: string, file: 'csv' | 'txt' | 'guide'): string {
  const pattern = new RegExp(`https?://\\S+/api/administration-fiscale/archives/[^/\\s]+/${file}\\?\\S+`);
  const link = pattern.exec(text)?.[0];
  expect(link, `the ${file} link of the mail`).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
