import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, openUserMenu, signIn, storedAccessToken } from './helpers';
import {
  checkArchiveFiles,
  mailbox,
  mailedArchiveLink,
  mailText,
  validatedInspectorAccess,
  type Mail,
} from './fiscal-helpers';

/**
 * Issue 18 part 3: a signed-in inspector exports an archive from the menu; it is mailed to the
 * inspector's validated address only, with its verification guide, and checks as valid.
 */
const STAFF = 'support@comptoir.test';
const EXPORT_TITLE = 'Export des données fiscales archivées';
const CHECK_TITLE = 'Vérification de fichier fiscal';
const EXPORT_PROCESSING =
  "L'export est en cours de traitement : vous recevrez par e-mail les liens de l'archive et de sa clé de vérification.";
const ARCHIVE_SUBJECT = 'Archive fiscale des encaissements';
const INSPECTOR_RECIPIENT =
  'L’archive sera envoyée uniquement à l’adresse e-mail validée pour votre accès de l’administration fiscale.';

test.use({ viewport: { width: 1440, height: 900 } });

test('an inspector exports an archive from the menu, receives it alone and checks it as valid', async ({
  browser,
}) => {
  // A validation, a sign-in, an export job, a mail, three downloads and a file check.
  test.setTimeout(150_000);
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await markHelpVideoSeen(staffPage);
  await signIn(staffPage, STAFF);
  const staffToken = await storedAccessToken(staffPage);
  const { email, token } = await validatedInspectorAccess(browser, 'export');
  const earlierMails = new Set((await mailbox(staffPage, staffToken)).map((mail) => mail.id));

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();

  await test.step('the inspector signs in and asks the archive of the payments from the menu', async () => {
    await page.goto(`/fisc-connect-as?token=${encodeURIComponent(token)}`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clôtures' })).toBeVisible();

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Export des données archivées' }).click();
    const dialog = page.getByRole('dialog', { name: EXPORT_TITLE });
    await expect(dialog.getByText(INSPECTOR_RECIPIENT)).toBeVisible();
    await expect(dialog.getByLabel('E-mail de réception')).toHaveCount(0);
    await expect(dialog).toContainText('LISEZ-MOI-verification.txt');
    await dialog.getByRole('button', { name: 'Export des encaissements' }).click();
    await expect(dialog.getByRole('status')).toHaveText(EXPORT_PROCESSING);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });

  let csv: Buffer = Buffer.alloc(0);
  let key: Buffer = Buffer.alloc(0);
  await test.step("the archive mail reaches the inspector's address only, with the guide", async () => {
    let archiveMail: Mail | undefined;
    await expect
      .poll(
        async () => {
          archiveMail = (await mailbox(staffPage, staffToken)).find(
            (mail) => !earlierMails.has(mail.id) && mail.subject.startsWith(ARCHIVE_SUBJECT),
          );
          return archiveMail !== undefined;
        },
        { message: 'the archive mail', timeout: 60_000 },
      )
      .toBe(true);
    expect(archiveMail!.to).toBe(email);
    const text = await mailText(staffPage, staffToken, archiveMail!.id);
    expect(text).toContain('LISEZ-MOI-verification.txt');

    const csvAnswer = await page.request.get(mailedArchiveLink(text, 'csv'));
    expect(csvAnswer.status()).toBe(200);
    csv = await csvAnswer.body();
    expect(csv.toString('utf8')).toMatch(/^register_id;kind;seq;v;at;prev_sig;sig;data\n"/);
    const keyAnswer = await page.request.get(mailedArchiveLink(text, 'txt'));
    expect(keyAnswer.status()).toBe(200);
    key = await keyAnswer.body();
    expect(key.toString('utf8')).toMatch(/^comptoir\/fiscal-archive-key\/v2\n/);
    expect(key.toString('utf8')).toMatch(/\nserver_public_key=[A-Za-z0-9+/=]+\n/);
    const guideAnswer = await page.request.get(mailedArchiveLink(text, 'guide'));
    expect(guideAnswer.status()).toBe(200);
    expect(await guideAnswer.text()).toContain('openssl pkeyutl -verify -rawin -pubin');
  });

  await test.step('the inspector checks the downloaded archive: valid', async () => {
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: "Vérifier un fichier d'export fiscal" }).click();
    const dialog = page.getByRole('dialog', { name: CHECK_TITLE });
    await expect(dialog).toContainText('LISEZ-MOI-verification.txt');
    await checkArchiveFiles(dialog, csv, key);
    await expect(dialog.getByRole('status')).toHaveText('Archive valide');
    await expect(dialog.getByText('Clé authentique : signée par le serveur', { exact: true })).toBeVisible();
  });

  await context.close();
  await staffContext.close();
});
