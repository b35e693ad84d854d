import { addCalendarDays, addYears, parisToday } from '@comptoir/contracts';
import { expect, test } from '@playwright/test';
import { markHelpVideoSeen, signIn, storedAccessToken } from './helpers';
import { checkArchiveFiles, mailbox, mailedArchiveLink, mailText, type Mail } from './fiscal-helpers';

const OWNER = 'demo@comptoir.test';
const STAFF = 'support@comptoir.test';
const COMPANY = 'Brasserie des Célestins';
const EXPORT_TITLE = 'Export des données fiscales archivées';
const CHECK_TITLE = 'Vérification de fichier fiscal';
const REVERSED_DATES = 'La date de début est supérieure à la date de fin';
const EXPORT_PROCESSING =
  "L'export est en cours de traitement : vous recevrez par e-mail les liens de l'archive et de sa clé de vérification.";
const ARCHIVE_SUBJECT = 'Archive fiscale des encaissements';

/** The export's default start: one year back, plus one day. */
function defaultStartDay(today: string): string {
  return addCalendarDays(addYears(today, -1), 1);
}

/** A day `YYYY-MM-DD` as the date fields write it, `DD/MM/YYYY`. */
function shownDay(day: string): string {
  return day.split('-').reverse().join('/');
}

/** The CSV with one digit changed inside the `data` field of its first record. */
function tamperedCsv(csv: Buffer): Buffer {
  const text = csv.toString('utf8');
  const firstRow = text.indexOf('\n') + 1;
  const dataField = text.indexOf(';"{', firstRow);
  expect(dataField, 'the data field of the first record').toBeGreaterThan(0);
  const digitAt = text.slice(dataField).search(/\d/) + dataField;
  const digit = text[digitAt]!;
  const changed = digit === '9' ? '8' : String(Number(digit) + 1);
  return Buffer.from(`${text.slice(0, digitAt)}${changed}${text.slice(digitAt + 1)}`, 'utf8');
}

/** The key with one character of its server signature changed, still base64. */
function tamperedKey(key: Buffer): Buffer {
  const text = key.toString('utf8');
  const at = text.indexOf('\nsignature=') + '\nsignature='.length;
  expect(at).toBeGreaterThan('\nsignature='.length);
  const changed = text[at] === 'A' ? 'B' : 'A';
  return Buffer.from(`${text.slice(0, at)}${changed}${text.slice(at + 1)}`, 'utf8');
}

test.use({ viewport: { width: 1440, height: 900 } });

test('the owner exports the archived payments of an establishment, downloads them from the mail and checks their integrity', async ({
  page,
  browser,
}) => {
  // An export job, a mail, a download and a file check: 45 s on a quiet machine.
  test.setTimeout(120_000);
  const today = parisToday();
  const startDay = defaultStartDay(today);

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await markHelpVideoSeen(staffPage);
  await signIn(staffPage, STAFF);
  const staffToken = await storedAccessToken(staffPage);
  const earlierMails = new Set((await mailbox(staffPage, staffToken)).map((mail) => mail.id));

  await test.step('the owner asks the archive of the payments of one establishment', async () => {
    await markHelpVideoSeen(page);
    await signIn(page, OWNER);
    await page.goto('/administration-fiscale');
    await page.getByRole('button', { name: 'Export des données archivées' }).click();
    const dialog = page.getByRole('dialog', { name: EXPORT_TITLE });
    const start = dialog.getByLabel('Date de début');
    const end = dialog.getByLabel('Date de fin');
    const cashing = dialog.getByRole('button', { name: 'Export des encaissements' });
    const closing = dialog.getByRole('button', { name: 'Export des clôtures' });
    await expect(start).toHaveValue(shownDay(startDay));
    await expect(end).toHaveValue(shownDay(today));
    await expect(dialog.getByLabel('E-mail de réception')).toHaveValue(OWNER);
    await expect(cashing).toBeEnabled();

    await start.fill(shownDay(today));
    await end.fill(shownDay(startDay));
    await expect(dialog.getByText(REVERSED_DATES, { exact: true })).toBeVisible();
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(cashing).toBeDisabled();
    await expect(closing).toBeDisabled();

    await start.fill(shownDay(startDay));
    await end.fill(shownDay(today));
    await expect(dialog.getByText(REVERSED_DATES, { exact: true })).toHaveCount(0);
    await expect(cashing).toBeEnabled();
    await expect(closing).toBeEnabled();

    await dialog.getByLabel('Établissement').selectOption({ label: COMPANY });
    await cashing.click();
    await expect(dialog.getByRole('status')).toHaveText(EXPORT_PROCESSING);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });

  let csv: Buffer = Buffer.alloc(0);
  let key: Buffer = Buffer.alloc(0);
  await test.step('the archive mail arrives and both files download from its links', async () => {
    let archiveMail: Mail | undefined;
    await expect
      .poll(
        async () => {
          archiveMail = (await mailbox(staffPage, staffToken)).find(
            (mail) =>
              !earlierMails.has(mail.id) && mail.to === OWNER && mail.subject.startsWith(ARCHIVE_SUBJECT),
          );
          return archiveMail !== undefined;
        },
        { message: 'the archive mail for the owner', timeout: 45_000 },
      )
      .toBe(true);
    const text = await mailText(staffPage, staffToken, archiveMail!.id);
    expect(text).toContain(COMPANY);

    const csvAnswer = await page.request.get(mailedArchiveLink(text, 'csv'));
    expect(csvAnswer.status()).toBe(200);
    csv = await csvAnswer.body();
    expect(csv.toString('utf8')).toMatch(/^register_id;kind;seq;v;at;prev_sig;sig;data\n"/);
    const keyAnswer = await page.request.get(mailedArchiveLink(text, 'txt'));
    expect(keyAnswer.status()).toBe(200);
    key = await keyAnswer.body();
    expect(key.toString('utf8')).toContain(`company_name=${COMPANY}\n`);
  });

  await test.step('the downloaded archive and its key check as valid', async () => {
    await page.getByRole('button', { name: "Vérifier un fichier d'export fiscal" }).click();
    const dialog = page.getByRole('dialog', { name: CHECK_TITLE });
    await checkArchiveFiles(dialog, csv, key);
    await expect(dialog.getByRole('status')).toHaveText('Archive valide');
    await expect(dialog.getByText('Hash correct', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Fichier non modifié : intégrité assurée', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Clé authentique : signée par le serveur', { exact: true })).toBeVisible();
    await expect(dialog).toContainText(COMPANY);
  });

  await test.step('a byte changed in a record makes the archive invalid, the key staying authentic', async () => {
    const dialog = page.getByRole('dialog', { name: CHECK_TITLE });
    await dialog.getByRole('button', { name: 'Vérifier un autre fichier' }).click();
    await checkArchiveFiles(dialog, tamperedCsv(csv), key);
    await expect(dialog.getByRole('status')).toHaveText('Archive non valide');
    await expect(dialog.getByText('Hash incorrect', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Fichier modifié : intégrité non assurée', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Clé authentique : signée par le serveur', { exact: true })).toBeVisible();
  });

  await test.step('a byte changed in the signature makes the key not authentic', async () => {
    const dialog = page.getByRole('dialog', { name: CHECK_TITLE });
    await dialog.getByRole('button', { name: 'Vérifier un autre fichier' }).click();
    await checkArchiveFiles(dialog, csv, tamperedKey(key));
    await expect(dialog.getByRole('status')).toHaveText('Archive non valide');
    await expect(dialog.getByText('Fichier non modifié : intégrité assurée', { exact: true })).toBeVisible();
    await expect(
      dialog.getByText('Clé non authentique : la signature du serveur ne correspond pas', { exact: true }),
    ).toBeVisible();
  });

  await staffContext.close();
});
