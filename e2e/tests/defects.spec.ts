import { addCalendarDays, formatBusinessDay, parisToday } from '@comptoir/contracts';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { drawer, markHelpVideoSeen, openHalfPintTap, openUserMenu, signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await markHelpVideoSeen(page);
});

/** Spec 3's screens (reports, ware analysis): `DD/MM/YYYY HH:mm`. */
const REPORT_DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
/** Spec 2's fiscal screens keep `DD-MM-YYYY H:mm:ss`, the format spec 3's screens showed by mistake. */
const FISCAL_DATE_TIME = /^\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2}$/;
/** An amount written with a decimal comma, where the portal writes `150.00 €`. */
const COMMA_AMOUNT = /\d,\d{2}\s?€/;

/** `YYYY-MM-DD` plus or minus whole days (calendar days, no time zone involved). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The months of `begin`..`end` as the sales curve's table names them, `MM/YYYY`, partial ones with their days. */
function expectedMonthRows(begin: string, end: string) {
  const rows: { month: string; label: string; days: number; isPartial: boolean }[] = [];
  for (let first = `${begin.slice(0, 8)}01`; first <= end;) {
    const [year, month] = first.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const from = first > begin ? first : begin;
    const to = last < end ? last : end;
    const days = Number(to.slice(8)) - Number(from.slice(8)) + 1;
    const total = Number(last.slice(8));
    const name = `${first.slice(5, 7)}/${year}`;
    const isPartial = days < total;
    rows.push({
      month: name,
      label: isPartial ? `${name} (période partielle : ${days} j sur ${total})` : name,
      days,
      isPartial,
    });
    first = addDays(last, 1);
  }
  return rows;
}

async function checkVideosPageWithoutHeader(page: Page) {
  await signIn(page, 'demo@comptoir.test');
  await page.goto('/videos-suite');
  await expect(page.getByRole('heading', { level: 1, name: 'Vidéos de formation' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL('/');
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a signed-in user on /404 goes home, not to an empty sign-in form', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test');
      await page.goto('/404');
      await expect(page.getByRole('button', { name: 'Retour à la connexion' })).toHaveCount(0);
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await expect(page).toHaveURL('/');
    });

    test('/videos-suite, without the header, still offers home and logout', async ({ page }) => {
      await checkVideosPageWithoutHeader(page);
    });

    test('a closed modal gives focus back to the control that opened it', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test');
      // The page is drawn and its data in (the bar is not redrawn under the keyboard).
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const opener = page.getByRole('banner').getByTitle("Voir la vidéo d'aide");
      await expect(async () => {
        await opener.focus();
        await expect(opener).toBeFocused({ timeout: 1000 });
      }).toPass();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Découvrir Comptoir' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('a dialog opened from the account menu gives focus back to the menu button', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const menuButton = page.getByRole('button', { name: /Menu du compte/ });
      await expect(async () => {
        await menuButton.focus();
        await expect(menuButton).toBeFocused({ timeout: 1000 });
      }).toPass();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: /version/i }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(menuButton).toBeFocused();
    });

    test('the language selector shows its whole choice', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test');
      const select = page.getByRole('combobox', { name: 'Langue' });
      await expect(select).toBeVisible();
      const fits = await select.evaluate((element: HTMLSelectElement) => {
        const text = element.options[element.selectedIndex]!.text;
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(element).font;
        probe.textContent = text;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const style = getComputedStyle(element);
        const room =
          element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        return needed <= room;
      });
      expect(fits).toBe(true);
    });

    test('the week comparison of « Ensemble des établissements » is readable (WCAG AA contrast)', async ({
      page,
    }) => {
      await signIn(page, 'demo@comptoir.test');
      const card = page.getByRole('region', { name: 'Ensemble des établissements' });
      await expect(card.getByText(/^Cette semaine/)).toBeVisible();
      await expect(card.getByText(/^Mêmes jours la semaine dernière/)).toBeVisible();
      const results = await new AxeBuilder({ page })
        .include('.group-total')
        .withRules(['color-contrast'])
        .analyze();
      const failures = results.violations.flatMap((violation) =>
        violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      );
      expect(failures, failures.join('\n')).toEqual([]);
    });

    test('shift details show their dates and times as DD/MM/YYYY HH:mm, in the table and the dialog', async ({
      page,
    }) => {
      await signIn(page, 'demo@comptoir.test', '/v2/shift-details');
      const table = page.getByRole('table', { name: 'Services de la période' });
      const firstRow = table.getByRole('row').nth(1);
      // Opening and closing.
      await expect(firstRow.getByRole('cell', { name: REPORT_DATE_TIME })).toHaveCount(2);
      await expect(table.getByRole('cell', { name: FISCAL_DATE_TIME })).toHaveCount(0);

      await firstRow.getByRole('button', { name: /^Voir le détail du service/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Service n° / });
      await expect(dialog.getByText(REPORT_DATE_TIME).first()).toBeVisible();
      expect(await dialog.getByText(REPORT_DATE_TIME).count()).toBeGreaterThanOrEqual(2);
      await expect(dialog.getByText(FISCAL_DATE_TIME)).toHaveCount(0);
    });

    test('the control strip shows times as DD/MM/YYYY HH:mm and every amount as the portal writes it', async ({
      page,
    }) => {
      await signIn(page, 'demo@comptoir.test', '/v2/control-strip');
      await page.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
      const table = page.getByRole('table', { name: /^Bande de contrôle du service/ });
      // The shift opens with its cash float, which the register words « 150,00 € ».
      await expect(table.getByRole('cell', { name: 'Fond de caisse 150.00 €', exact: true })).toBeVisible();
      await expect(table.getByRole('rowheader', { name: REPORT_DATE_TIME }).first()).toBeVisible();
      await expect(table.getByRole('rowheader', { name: FISCAL_DATE_TIME })).toHaveCount(0);
      await expect(table.getByRole('cell', { name: COMMA_AMOUNT })).toHaveCount(0);
    });

    test("the ware dialog shows the pours' times as DD/MM/YYYY HH:mm", async ({ page }) => {
      await signIn(page, 'demo@comptoir.test', '/warelist');
      const dialog = await openHalfPintTap(page);
      const cashed = dialog.getByRole('table', { name: 'Encaissés', exact: true });
      await expect(cashed.getByRole('cell', { name: REPORT_DATE_TIME }).first()).toBeVisible();
      await expect(dialog.getByRole('cell', { name: FISCAL_DATE_TIME })).toHaveCount(0);
    });

    test('the fiscal technical journal keeps the fiscal format DD-MM-YYYY H:mm:ss', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test', '/administration-fiscale/technical-intervention');
      await page.getByRole('tab', { name: 'Journal des événements techniques' }).click();
      const journal = page.getByRole('table', { name: /Journal des événements techniques du/ });
      await expect(journal.getByRole('rowheader', { name: FISCAL_DATE_TIME }).first()).toBeVisible();
      await expect(journal.getByRole('rowheader', { name: REPORT_DATE_TIME })).toHaveCount(0);
    });

    test('the monthly sales curve marks the partial first and last months with their days', async ({
      page,
    }) => {
      // 33 days always cut at least one month; the e2e demo holds the 35 days up to today.
      const today = parisToday();
      const begin = addDays(today, -33);
      const end = addDays(today, -1);
      await page.addInitScript(
        ([from, to]) => {
          sessionStorage.setItem('date-begin', from!);
          sessionStorage.setItem('date-end', to!);
        },
        [begin, end],
      );
      await signIn(page, 'demo@comptoir.test', '/v2/sales-analysis');
      const curve = page.getByRole('figure', { name: "Évolution du chiffre d'affaires TTC" });
      await curve.getByRole('radio', { name: 'Mois' }).check();
      await expect(curve.getByText('Période partielle (jours couverts)')).toBeVisible();

      await curve.getByRole('button', { name: 'Voir le tableau' }).click();
      const rowHeaders = curve.getByRole('table').getByRole('rowheader');
      // The weeks stay shown until the months arrive (a loaded machine takes its time).
      await expect(rowHeaders.first()).not.toHaveText(/^Semaine/);
      const shown = await rowHeaders.allInnerTexts();
      // A month without any sale has no row.
      const expected = expectedMonthRows(begin, end).filter((row) =>
        shown.some((text) => text.startsWith(row.month)),
      );
      expect(shown).toEqual(expected.map((row) => row.label));
      expect(expected.some((row) => row.isPartial)).toBe(true);

      await curve.getByRole('button', { name: 'Voir le tableau' }).click();
      for (const row of expected.filter((month) => month.isPartial)) {
        await expect(curve.getByText(`${row.days} j`, { exact: true }).first()).toBeVisible();
      }
    });

    test('the ware analysis opens on the last 7 days to today, as the report pages', async ({ page }) => {
      await signIn(page, 'demo@comptoir.test', '/warelist');
      const today = parisToday();
      await expect(page.getByLabel('Du', { exact: true })).toHaveValue(
        formatBusinessDay(addCalendarDays(today, -6)),
      );
      await expect(page.getByLabel('Au', { exact: true })).toHaveValue(formatBusinessDay(today));
    });
  });
}

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the drawer of /videos-suite reaches the bottom of the window', async ({ page }) => {
    await signIn(page, 'demo@comptoir.test');
    await page.goto('/videos-suite');
    await expect(page.getByRole('heading', { level: 1, name: 'Vidéos de formation' })).toBeVisible();
    const box = await drawer(page).boundingBox();
    expect(box && box.y + box.height).toBe(900);
  });
});
