import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WareDatasResponse, WareDetailsResponse } from '@comptoir/contracts';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp } from '../../test-helpers';

// Days with orders of the bar cancelled after payment (drinks poured, then refunded).
const END_DAY = '2026-03-11';
const DAYS = 6;

const bar = demoAccounts()
  .find((a) => a.key === 'suite')!
  .establishments.find((e) => e.key === 'bar')!;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: DAYS, endDay: END_DAY });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t.close());

const units = (pours: { total: number }[]) => pours.reduce((n, p) => n + p.total, 0);

describe("the ware dialog against the ware table's row", () => {
  it('gives, for every ware and period, cashed = sold, cashed + not cashed = poured in service, out of service = poured out of service', async () => {
    const periods = [
      ['2026-03-06', END_DAY],
      ['2026-03-10', '2026-03-10'],
      [END_DAY, END_DAY],
    ];
    for (const [from, to] of periods) {
      const query = {
        fromDate: `${from} 00:00:00`,
        toDate: `${to} 23:59:59`,
        id_companies: JSON.stringify([bar.companyId]),
      };
      const { rows } = (
        await t.as(token).get('/api/bardistrib/ware-datas', { query })
      ).json() as WareDatasResponse;
      const wares = rows.flatMap((r) => r.wares);
      expect(wares).toHaveLength(23);
      const mismatches = [];
      for (const ware of wares) {
        const res = await t
          .as(token)
          .get('/api/bardistrib/ware-data/details', { query: { ...query, wareInfo: JSON.stringify(ware) } });
        const details = res.json() as WareDetailsResponse;
        const dialog = {
          cashed: units(details.wareCash),
          inShift: units(details.wareCash) + units(details.wareNotCashed),
          outShift: units(details.wareOut),
        };
        const table = {
          cashed: ware.ware_products,
          inShift: ware.total_in_shift,
          outShift: ware.total_out_shift,
        };
        if (JSON.stringify(dialog) !== JSON.stringify(table)) {
          mismatches.push({ ware: ware.ware_name, dialog, table });
        }
      }
      expect(mismatches, `${from} → ${to}`).toEqual([]);
    }
  });
});
