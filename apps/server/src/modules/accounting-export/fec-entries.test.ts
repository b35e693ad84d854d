import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fecFileName, type FecRow } from '@comptoir/contracts';
import { checkFec } from './fec-checker';
import { buildDayEntries } from './fec-day-entries';
import {
  AccountResolver,
  collectMissing,
  correctionEntries,
  CORRECTION_PREFIX,
  entryMovements,
  numberEntries,
  type AccountingSetup,
  type DayData,
  type FecEntry,
} from './fec-entries';
import {
  dayText,
  encodeAccountingText,
  FecFileFacts,
  fecDescription,
  fileHeader,
  fileLine,
  numberDayBytes,
  VALID_DATE_MARK,
} from './fec-file';

const CAFE = 'cat-cafe';
const PLATS = 'cat-plats';
const setup: AccountingSetup = {
  accounts: [
    {
      id: 'a-v10',
      type: 'vat',
      number: '445711',
      label: 'TVA 10 %',
      analytics: 'Défaut',
      allFloors: true,
      floors: [],
      tableId: null,
    },
    {
      id: 'a-v20',
      type: 'vat',
      number: '445712',
      label: 'TVA 20 %',
      analytics: 'Défaut',
      allFloors: true,
      floors: [],
      tableId: null,
    },
    {
      id: 'a-s10',
      type: 'product',
      number: '707010',
      label: 'Ventes 10 %',
      analytics: 'Salle',
      allFloors: true,
      floors: [],
      tableId: null,
    },
    {
      id: 'a-s20',
      type: 'product',
      number: '707020',
      label: 'Ventes 20 %',
      analytics: 'Bar',
      allFloors: true,
      floors: [],
      tableId: null,
    },
    {
      id: 'a-cash',
      type: 'payment',
      number: '530000',
      label: 'Caisse',
      analytics: 'Défaut',
      allFloors: true,
      floors: [],
      tableId: null,
    },
    {
      id: 'a-cb',
      type: 'payment',
      number: '511CB',
      label: 'Cartes à encaisser',
      analytics: 'Défaut',
      allFloors: true,
      floors: [],
      tableId: null,
    },
    {
      id: 'a-dupont',
      type: 'customer',
      number: '411DUP',
      label: 'Dupont',
      analytics: 'Défaut',
      allFloors: true,
      floors: [],
      tableId: 'cust-1',
    },
  ],
  links: [
    { accountId: 'a-v10', itemId: 'vat-10', type: 'vat', rateBp: 1000 },
    { accountId: 'a-v20', itemId: 'vat-20', type: 'vat', rateBp: 2000 },
    { accountId: 'a-s10', itemId: PLATS, type: 'product', rateBp: 1000 },
    { accountId: 'a-s10', itemId: CAFE, type: 'product', rateBp: 1000 },
    { accountId: 'a-s20', itemId: CAFE, type: 'product', rateBp: 2000 },
    { accountId: 'a-cash', itemId: 'pt-cash', type: 'payment', rateBp: null },
    { accountId: 'a-cb', itemId: 'pt-cb', type: 'payment', rateBp: null },
  ],
  keys: {
    account_vat_journal: 'VT',
    account_vat_journallib: 'Ventes',
    account_vat_customer_account: '411000',
    account_vat_tips: '467100',
    account_vat_regulation_account: '471000',
    account_vat_discount: '609700',
    account_vat__discount: '709000',
    account_vat_offered: '623400',
    account_vat__offered: '708800',
    account_vat_cashfloat_debit: '530000',
    account_vat_cashfloat_credit: '580000',
    account_vat_validdate: '20261130',
  },
};
const customer = { id: 'cust-1', uniqId: 12, name: 'Jeanne Dupont' };

/** Two business days of a small café: sales at 10 % and 20 %, a discount, an offered coffee, a tip, a tab and its settlement. */
const days: DayData[] = [
  {
    day: '2026-11-23',
    closureNumber: 'Z41',
    cashFloat: 15000,
    sales: [
      {
        rateBp: 1000,
        productId: 'p-plat',
        productName: 'Plat du jour',
        categoryId: PLATS,
        categoryName: 'Plats',
        roomId: null,
        evat: 12727,
        tax: 1273,
        discount: 500,
        offered: 0,
      },
      {
        rateBp: 2000,
        productId: 'p-vin',
        productName: 'Verre de vin',
        categoryId: CAFE,
        categoryName: 'Boissons',
        roomId: null,
        evat: 2500,
        tax: 500,
        discount: 0,
        offered: 0,
      },
      {
        rateBp: 1000,
        productId: 'p-cafe',
        productName: 'Café',
        categoryId: CAFE,
        categoryName: 'Boissons',
        roomId: null,
        evat: 1000,
        tax: 100,
        discount: 0,
        offered: 220,
      },
    ],
    payments: [
      { paymentTypeId: 'pt-cash', paymentName: 'Espèces', customer: null, amount: 5100, tip: 0 },
      { paymentTypeId: 'pt-cb', paymentName: 'Carte bancaire', customer: null, amount: 10000, tip: 200 },
      { paymentTypeId: 'pt-tab', paymentName: 'Compte client', customer, amount: 3001, tip: 0 },
    ],
    settlements: [],
  },
  {
    day: '2026-11-24',
    closureNumber: 'Z42',
    cashFloat: 0,
    sales: [
      {
        rateBp: 1000,
        productId: 'p-cafe',
        productName: 'Café',
        categoryId: CAFE,
        categoryName: 'Boissons',
        roomId: null,
        evat: 1800,
        tax: 180,
        discount: 0,
        offered: 0,
      },
    ],
    payments: [{ paymentTypeId: 'pt-cash', paymentName: 'Espèces', customer: null, amount: 1980, tip: 0 }],
    settlements: [
      { paymentTypeId: 'pt-cb', paymentName: 'Carte bancaire', customer, amount: 3001, prepaid: 0 },
    ],
  },
];
const company = { siren: '912345678', siret: null };

function fecText(mode: 1 | 2, first = 7): { text: string; rows: FecRow[] } {
  const resolver = new AccountResolver(setup);
  let next = first;
  const rows: FecRow[] = [];
  for (const day of days) {
    const numbered = numberEntries(
      buildDayEntries(resolver, day, { companyName: 'Café des Arts', mode, exportDay: '20261201' }),
      next,
    );
    next = numbered.next;
    rows.push(...numbered.rows);
  }
  return { text: fileHeader('fec') + rows.map((r) => fileLine('fec', r)).join(''), rows };
}

/** The small period's file, as its description names it. */
const DESCRIBED = {
  fileName: '912345678FEC20261124-export1-ecritures7a9.txt',
  companyName: 'Café des Arts',
  siren: '912345678',
  startDay: '2026-11-23',
  endDay: '2026-11-24',
  mode: 2,
  journal: 'VT',
  journalLib: 'Ventes',
  firstEcritureNum: 7,
  lastEcritureNum: 9,
  sha256: 'ab'.repeat(32),
} as const;

describe('the FEC of a small period', () => {
  it('is the golden file, line for line', () => {
    const golden = fs.readFileSync(path.join(__dirname, '__golden__', 'cafe-des-arts.fec.txt'), 'utf8');
    expect(fecText(2).text).toBe(golden);
  });

  it('is the golden file again from kept day texts, numbered on their bytes', () => {
    const golden = fs.readFileSync(path.join(__dirname, '__golden__', 'cafe-des-arts.fec.txt'), 'utf8');
    const resolver = new AccountResolver(setup);
    let bytes = Buffer.from(fileHeader('fec'));
    let next = 7;
    for (const day of days) {
      const entries = buildDayEntries(resolver, day, {
        companyName: 'Café des Arts',
        mode: 2,
        exportDay: VALID_DATE_MARK,
      });
      const { body } = dayText('fec', entries);
      // The kept bytes hold multi-byte characters (é) around the marks.
      const kept = Buffer.concat([Buffer.from('é'), Buffer.from(body)]);
      bytes = Buffer.concat([bytes, numberDayBytes(kept, 2, kept.length, next, '20261201')]);
      next += entries.length;
    }
    expect(bytes.toString('utf8')).toBe(golden);
    expect(golden).toContain('Café des Arts');
  });

  it('books no cash float, even with its accounts set: a float stays in the drawer, it is no daily flow', () => {
    expect(days[0]!.cashFloat).toBeGreaterThan(0);
    expect(setup.keys.account_vat_cashfloat_debit).toBeTruthy();
    const { rows } = fecText(2);
    expect(rows.filter((r) => r.account === '580000' || /fonds de caisse/i.test(r.ecritureLib))).toEqual([]);
  });

  it('passes the DGFiP checks in both modes', () => {
    const name = fecFileName(company, '2026-11-24');
    expect(checkFec(name, fecText(2).text)).toEqual([]);
    expect(checkFec(name, fecText(1).text)).toEqual([]);
  });

  it('credits the sales per VAT rate of the figures, groups them in mode 1, and numbers entries continuously', () => {
    const { rows } = fecText(2);
    const credited = (prefix: string) =>
      rows.filter((r) => r.account.startsWith(prefix)).reduce((sum, r) => sum + r.credit - r.debit, 0);
    expect(credited('707010')).toBe(12727 + 1000 + 1800);
    expect(credited('707020')).toBe(2500);
    expect(credited('445711')).toBe(1273 + 100 + 180);
    expect([...new Set(rows.map((r) => r.ecritureNum))]).toEqual([7, 8, 9]);
    const grouped = fecText(1).rows.filter((r) => r.account.startsWith('707'));
    expect(grouped.filter((r) => r.date === '20261123').map((r) => [r.account, r.credit])).toEqual([
      ['707010', 13727],
      ['707020', 2500],
    ]);
  });

  it('puts CompAux on customer lines only and the residual cent on the regulation account', () => {
    const { rows } = fecText(2);
    expect(rows.filter((r) => r.accountAux !== '').every((r) => r.account === '411000')).toBe(true);
    expect(rows.filter((r) => r.account === '411000').map((r) => r.accountAux)).toEqual(['411DUP', '411DUP']);
    // payments 5100 + 10200 + 3001 = 18301; sales 16227 + VAT 1873 + tip 200 = 18300: one cent over.
    expect(rows.filter((r) => r.account === '471000').map((r) => [r.debit, r.credit])).toEqual([[0, 1]]);
  });

  it('lists what lacks an account, by kind', () => {
    const partial: AccountingSetup = {
      ...setup,
      links: setup.links.filter((l) => l.accountId !== 'a-v20' && l.itemId !== 'pt-cb'),
    };
    const missing = {
      vat: new Map<string, string>(),
      sales: new Map<string, string>(),
      payments: new Map<string, string>(),
    };
    for (const day of days) collectMissing(new AccountResolver(partial), day, missing);
    expect([...missing.vat.values()]).toEqual(['TVA 20 %']);
    expect([...missing.payments.values()]).toEqual(['Carte bancaire']);
    expect(missing.sales.size).toBe(0);
  });

  it('writes a CSV with quoted, formula-neutralised values', () => {
    const row = { ...fecText(2).rows[0]!, ecritureLib: '=HYPERLINK("x")' };
    expect(fileLine('csv', row)).toContain(`"'=HYPERLINK(""x"")"`);
    expect(fileLine('csv', row)).toMatch(/^"VT","Ventes","7",.*\r\n$/);
  });

  it('describes the file: every field, the charset, the separators', () => {
    const text = fecDescription({ ...DESCRIBED, lines: 20 });
    for (const field of [
      'JournalCode',
      'CompAuxNum',
      'PieceRef',
      'ValidDate',
      'Idevise',
      'UTF-8',
      'CR LF',
      '« | »',
    ]) {
      expect(text).toContain(field);
    }
  });

  it('states each field\u2019s nature and longest value, the accounts used, and what corrections and auxiliary codes mean', () => {
    const { text: file, rows } = fecText(2);
    const facts = new FecFileFacts();
    facts.read(Buffer.from(file));
    const text = fecDescription({ ...DESCRIBED, lines: rows.length, facts });
    const longestLabel = Math.max(...rows.map((r) => r.ecritureLib.length));
    expect(text).toContain(`11. EcritureLib (alphanumérique ; ${longestLabel} caractères au plus)`);
    expect(text).toContain('12. Debit (montant (virgule décimale) ;');
    // Every account of the file, with its label, once.
    const accounts = new Map(rows.map((r) => [r.account, r.lib]));
    for (const [account, label] of accounts) expect(text).toContain(`- ${account} : ${label}`);
    expect(text).toContain("continu d'un export FEC à l'autre (il n'est pas remis à zéro à l'exercice)");
    expect(text).not.toContain('par exercice');
    expect(text).toContain('« Correction — … »');
    expect(text).toContain('C suivi du numéro du client dans la caisse');
    const auxiliary = rows.filter((r) => r.accountAux !== '').length;
    expect(auxiliary).toBeGreaterThan(0);
    expect(text).toContain(`0 ligne(s) de correction, ${auxiliary} ligne(s) de compte client`);
  });
});

describe('discounts and offered items', () => {
  const context = { companyName: 'Café des Arts', mode: 2 as const, exportDay: '20261201' };
  const balance = (rows: FecRow[], account: string) =>
    rows.filter((r) => r.account === account).reduce((sum, r) => sum + r.debit - r.credit, 0);
  const first = days[0]!;

  it('are not booked by default: sales are credited net of their discounts, offered items not at all', () => {
    expect(first.sales.some((g) => g.discount > 0) && first.sales.some((g) => g.offered > 0)).toBe(true);
    const { rows } = numberEntries(buildDayEntries(new AccountResolver(setup), first, context), 1);
    for (const account of ['609700', '709000', '623400', '708800']) expect(balance(rows, account)).toBe(0);
    expect(rows.filter((r) => /remise|offert/i.test(r.ecritureLib))).toEqual([]);
    expect(balance(rows, '707010')).toBe(-(12727 + 1000));
  });

  it('booked gross, credit the sales before discount and debit the discounts excluding VAT per rate to 709', () => {
    const gross: AccountingSetup = {
      ...setup,
      keys: { ...setup.keys, account_vat_discount: '709000', account_vat_discount_booking: 'gross' },
    };
    const { rows } = numberEntries(buildDayEntries(new AccountResolver(gross), first, context), 1);
    // 5,00 € of discount at 10 % is 4,55 € excluding VAT; the VAT collected stays on the net price.
    expect(balance(rows, '709000')).toBe(455);
    expect(balance(rows, '707010')).toBe(-(12727 + 1000 + 455));
    expect(balance(rows, '445711')).toBe(-(1273 + 100));
    expect(rows.find((r) => r.account === '709000')!.ecritureLib).toBe(
      'Remises 10 % — Café des Arts — 23/11/2026',
    );
    expect(rows.reduce((sum, r) => sum + r.debit - r.credit, 0)).toBe(0);
    expect(rows.filter((r) => /offert/i.test(r.ecritureLib))).toEqual([]);
  });

  it("booked gross, give each rate's share of the discounts on whole orders to the order discount account", () => {
    const account = (id: string, number: string) => ({
      id,
      type: 'discount' as const,
      number,
      label: number,
      analytics: 'Défaut',
      allFloors: true,
      floors: [],
      tableId: null,
    });
    const withOrderAccount: AccountingSetup = {
      ...setup,
      accounts: [...setup.accounts, account('a-do', '709100')],
      links: [...setup.links, { accountId: 'a-do', itemId: 'order', type: 'discount', rateBp: null }],
      keys: { ...setup.keys, account_vat_discount: '709000', account_vat_discount_booking: 'gross' },
    };
    // The day's discounts are 500 (all at 10 %): 300 of them on whole orders.
    const day = { ...first, orderDiscount: 300 };
    const { rows } = numberEntries(buildDayEntries(new AccountResolver(withOrderAccount), day, context), 1);
    expect([balance(rows, '709000'), balance(rows, '709100')]).toEqual([455 - 273, 273]);
    expect(rows.find((r) => r.account === '709100')!.ecritureLib).toMatch(/^Remises sur commande 10 % — /);
    expect(rows.reduce((sum, r) => sum + r.debit - r.credit, 0)).toBe(0);
  });
});

describe('avoirs issued', () => {
  const context = { companyName: 'Café des Arts', mode: 2 as const, exportDay: '20261201' };
  const withAvoirAccount: AccountingSetup = {
    ...setup,
    accounts: [
      ...setup.accounts,
      {
        id: 'a-avoir',
        type: 'payment',
        number: '419100',
        label: 'Clients - avoirs',
        analytics: 'Défaut',
        allFloors: true,
        floors: [],
        tableId: null,
      },
    ],
    links: [...setup.links, { accountId: 'a-avoir', itemId: 'pt-avoir', type: 'payment', rateBp: null }],
    keys: { ...setup.keys, account_vat_discount: '709000' },
  };
  const day: DayData = {
    ...days[1]!,
    avoirs: [
      { paymentTypeId: 'pt-avoir', paymentName: 'Avoir', customer, rateBp: 1000, amount: 500 },
      { paymentTypeId: 'pt-avoir', paymentName: 'Avoir', customer: null, rateBp: null, amount: 1000 },
    ],
  };

  it('books a rebate on a sale and a gift as one balanced entry, crediting 4191 with the customer', () => {
    const entries = buildDayEntries(new AccountResolver(withAvoirAccount), day, context);
    const avoirs = entries.find((e) => e.kind === 'a')!;
    expect(
      avoirs.rows.map((r) => [r.account, r.accountAux, r.debit, r.credit, r.ecritureLib.split(' — ')[0]]),
    ).toEqual([
      ['709000', '', 455, 0, 'Avoirs 10 %'],
      ['445711', '', 45, 0, 'TVA sur avoirs 10 %'],
      ['419100', '411DUP', 0, 500, 'Avoir Jeanne Dupont'],
      ['623400', '', 1000, 0, 'Avoirs offerts'],
      ['419100', '', 0, 1000, 'Avoirs émis'],
    ]);
    expect(entries.map((e) => e.kind)).toEqual(['s', 'r', 'a']);
  });

  it('asks for the avoir payment type\u2019s account when it has none', () => {
    const missing = {
      vat: new Map<string, string>(),
      sales: new Map<string, string>(),
      payments: new Map<string, string>(),
    };
    collectMissing(new AccountResolver(setup), day, missing);
    expect([...missing.payments.values()]).toContain('Avoir');
  });
});

describe('the cash journal', () => {
  it('books deposits, cash in, expenses and a shortage against the cash account, in one balanced entry', () => {
    const day: DayData = {
      ...days[1]!,
      cash: [
        {
          paymentTypeId: 'pt-cash',
          paymentName: 'Espèces',
          deposits: 20000,
          cashIn: 5000,
          expenses: 850,
          variance: -120,
        },
      ],
    };
    const context = { companyName: 'Café des Arts', mode: 2 as const, exportDay: '20261201' };
    const entries = buildDayEntries(new AccountResolver(setup), day, context);
    const cash = entries.find((e) => e.kind === 'c')!;
    expect(cash.rows.map((r) => [r.account, r.debit, r.credit, r.ecritureLib.split(' — ')[0]])).toEqual([
      ['580000', 20000, 0, 'Remises en banque'],
      ['530000', 0, 20000, 'Remises en banque'],
      ['530000', 5000, 0, 'Apports en caisse'],
      ['580000', 0, 5000, 'Apports en caisse'],
      ['606000', 850, 0, 'Dépenses de caisse'],
      ['530000', 0, 850, 'Dépenses de caisse'],
      ['658000', 120, 0, 'Manquant de caisse'],
      ['530000', 0, 120, 'Manquant de caisse'],
    ]);
    expect(entries.map((e) => e.kind)).toEqual(['s', 'r', 'c']);
  });
});

describe('the file layout an accounting package needs', () => {
  const context = { companyName: 'Brasserie des Célestins', mode: 2 as const, exportDay: '20261201' };
  const laidOut: AccountingSetup = {
    ...setup,
    keys: { ...setup.keys, account_vat_label_length: '40', account_vat_account_length: '8' },
  };

  it('cuts labels to 40 characters, the day and the establishment first, and pads digit accounts to one length', () => {
    const { rows } = numberEntries(buildDayEntries(new AccountResolver(laidOut), days[0]!, context), 1);
    expect(rows.every((r) => r.ecritureLib.length <= 40)).toBe(true);
    expect(rows.every((r) => r.ecritureLib.startsWith('23/11/26 '))).toBe(true);
    // The establishment's name gives way to what the line is.
    expect(rows.find((r) => r.account === '44571100')!.ecritureLib).toBe(
      '23/11/26 Brasserie de TVA collectée 10 %',
    );
    expect(rows.find((r) => r.account === '70701000')!.ecritureLib).toBe(
      '23/11/26 Brasserie des Céles Ventes 10 %',
    );
    expect(new Set(rows.map((r) => r.account))).toEqual(
      new Set([
        '53000000',
        '511CB',
        '41100000',
        '70701000',
        '44571100',
        '70702000',
        '44571200',
        '46710000',
        '47100000',
      ]),
    );
    // Without them, the labels and accounts as configured (the golden file).
    const plain = numberEntries(buildDayEntries(new AccountResolver(setup), days[0]!, context), 1).rows;
    expect(plain[0]!.ecritureLib).toBe('Encaissements Espèces — Brasserie des Célestins — 23/11/2026');
  });

  it('writes ISO 8859-15 on request: the euro at its place, dashes and quotes in ASCII', () => {
    expect([...encodeAccountingText('\uFEFFé€Œ — l’', 'latin9')]).toEqual([
      0xe9, 0xa4, 0xbc, 0x20, 0x2d, 0x20, 0x6c, 0x27,
    ]);
    expect(encodeAccountingText('é — €', '').toString('utf8')).toBe('é — €');
  });
});

describe('money customers put on their account ahead of their charges', () => {
  const context = { companyName: 'Café des Arts', mode: 2 as const, exportDay: '20261201' };
  const lines = (entry: FecEntry | undefined) =>
    (entry?.rows ?? []).map((r) => [r.account, r.accountAux, r.debit, r.credit]);

  it('credits a top-up beyond the debt to the advances received (4191), the debt to 411', () => {
    const day: DayData = {
      ...days[1]!,
      settlements: [
        { paymentTypeId: 'pt-cb', paymentName: 'Carte bancaire', customer, amount: 5000, prepaid: 3000 },
      ],
    };
    const entries = buildDayEntries(new AccountResolver(setup), day, context);
    expect(lines(entries.find((e) => e.kind === 'r'))).toEqual([
      ['511CB', '', 5000, 0],
      ['411000', '411DUP', 0, 2000],
      ['419110', '411DUP', 0, 3000],
    ]);
  });

  it('charges a customer holding credit on 4191 first, the rest on 411, and says a pure top-up is an advance', () => {
    const tab = { paymentTypeId: 'pt-account', paymentName: 'Compte client', customer, amount: 1980, tip: 0 };
    const day: DayData = {
      ...days[1]!,
      payments: [tab],
      settlements: [
        { paymentTypeId: 'pt-cb', paymentName: 'Carte bancaire', customer, amount: 2000, prepaid: 2000 },
      ],
      prepaidUse: [{ customer, amount: 1500 }],
    };
    const entries = buildDayEntries(
      new AccountResolver({ ...setup, keys: { ...setup.keys, account_vat_prepaid: '419150' } }),
      day,
      context,
    );
    const sales = entries.find((e) => e.kind === 's')!;
    expect(sales.rows.filter((r) => r.accountAux !== '').map((r) => [r.account, r.debit, r.credit])).toEqual([
      ['419150', 1500, 0],
      ['411000', 480, 0],
    ]);
    const settlement = entries.find((e) => e.kind === 'r')!;
    expect(lines(settlement)).toEqual([
      ['511CB', '', 2000, 0],
      ['419150', '411DUP', 0, 2000],
    ]);
    expect(settlement.rows[0]!.ecritureLib).toMatch(/^Avance compte client Jeanne Dupont/);
    for (const entry of entries) expect(entry.rows.reduce((sum, r) => sum + r.debit - r.credit, 0)).toBe(0);
  });
});

describe('a change of the float', () => {
  it('is booked on the cash-float pair when one is set, and not at all without one', () => {
    const context = { companyName: 'Café des Arts', mode: 2 as const, exportDay: '20261201' };
    const day: DayData = { ...days[1]!, floatChange: 5000 };
    const rows = (keys: AccountingSetup['keys']) =>
      numberEntries(buildDayEntries(new AccountResolver({ ...setup, keys }), day, context), 1).rows.filter(
        (r) => r.ecritureLib.startsWith('Variation du fonds de caisse'),
      );
    expect(rows(setup.keys).map((r) => [r.account, r.debit, r.credit])).toEqual([
      ['530000', 5000, 0],
      ['580000', 0, 5000],
    ]);
    expect(
      rows({ ...setup.keys, account_vat_cashfloat_debit: '', account_vat_cashfloat_credit: '' }),
    ).toEqual([]);
  });
});

describe('a day exported again', () => {
  const context = { companyName: 'Café des Arts', mode: 2 as const, exportDay: '20261201' };
  const resolver = new AccountResolver(setup);
  const first = days[0]!;
  const exported = entryMovements(buildDayEntries(resolver, first, context));
  const sum = (rows: FecRow[], account: string) =>
    rows.filter((r) => r.account === account).reduce((total, r) => total + r.debit - r.credit, 0);

  it('writes nothing when the day has not changed', () => {
    expect(
      correctionEntries(buildDayEntries(resolver, first, context), exported, first, setup.keys, context),
    ).toEqual([]);
  });

  it('writes nothing when only the presentation mode changed, either way: labels are no amounts', () => {
    const general = { ...context, mode: 1 as const };
    const inGeneral = entryMovements(buildDayEntries(resolver, first, general));
    expect(inGeneral.map((m) => m[5])).not.toEqual(exported.map((m) => m[5]));
    expect(
      correctionEntries(buildDayEntries(resolver, first, general), exported, first, setup.keys, general),
    ).toEqual([]);
    expect(
      correctionEntries(buildDayEntries(resolver, first, context), inGeneral, first, setup.keys, context),
    ).toEqual([]);
  });

  it('writes the differences only, as a balanced correction entry of the same day and piece', () => {
    // A late coffee (1,10 € in cash) reached the day after its export.
    const late: DayData = {
      ...first,
      sales: first.sales.map((g) =>
        g.productId === 'p-cafe' ? { ...g, evat: g.evat + 100, tax: g.tax + 10 } : g,
      ),
      payments: first.payments.map((p) =>
        p.paymentTypeId === 'pt-cash' ? { ...p, amount: p.amount + 110 } : p,
      ),
    };
    const entries = correctionEntries(
      buildDayEntries(resolver, late, context),
      exported,
      late,
      setup.keys,
      context,
    );
    expect(entries).toHaveLength(1);
    const { rows } = numberEntries(entries, 12);
    expect(rows.map((r) => [r.account, r.debit, r.credit])).toEqual([
      ['530000', 110, 0],
      ['707010', 0, 100],
      ['445711', 0, 10],
    ]);
    expect(rows.every((r) => r.ecritureLib.startsWith(CORRECTION_PREFIX))).toBe(true);
    expect(rows.every((r) => r.ecritureNum === 12 && r.numberCaisse === 'Z41' && r.date === '20261123')).toBe(
      true,
    );
    expect(
      checkFec(
        fecFileName(company, '2026-11-23'),
        fileHeader('fec') + rows.map((r) => fileLine('fec', r)).join(''),
      ),
    ).toEqual([]);
    // The first export plus the correction are the day as it is now.
    const now = numberEntries(buildDayEntries(resolver, late, context), 1).rows;
    const before = numberEntries(buildDayEntries(resolver, first, context), 1).rows;
    for (const account of ['530000', '707010', '445711', '511CB']) {
      expect(sum(before, account) + sum(rows, account)).toBe(sum(now, account));
    }
  });

  it('moves the amounts of a relinked product from the old account to the new one', () => {
    const relinked: AccountingSetup = {
      ...setup,
      links: setup.links.map((l) => (l.accountId === 'a-s10' ? { ...l, accountId: 'a-s20' } : l)),
    };
    const relinkedResolver = new AccountResolver(relinked);
    const { rows } = numberEntries(
      correctionEntries(
        buildDayEntries(relinkedResolver, first, context),
        exported,
        first,
        relinked.keys,
        context,
      ),
      1,
    );
    expect(sum(rows, '707010')).toBe(12727 + 1000);
    expect(sum(rows, '707020')).toBe(-(12727 + 1000));
    expect(rows.reduce((total, r) => total + r.debit - r.credit, 0)).toBe(0);
  });

  it("writes the day's own entry for a kind no export wrote yet", () => {
    const salesOnly = exported.filter((m) => m[0] === 's');
    const second = days[1]!;
    const entries = buildDayEntries(resolver, second, context);
    const priorSales = entryMovements(entries.filter((e) => e.kind === 's'));
    expect(salesOnly.length).toBeGreaterThan(0);
    expect(correctionEntries(entries, priorSales, second, setup.keys, context)).toEqual(
      entries.filter((e) => e.kind === 'r'),
    );
  });
});

describe('cashback', () => {
  it('debits what a cashback payment type received to its cashback account, else to its payment account', () => {
    const cashbackDay: DayData = {
      ...days[1]!,
      payments: [
        { paymentTypeId: 'pt-cashback', paymentName: 'Cagnotte', customer: null, amount: 1980, tip: 0 },
      ],
      settlements: [],
    };
    const paymentOnly: AccountingSetup = {
      ...setup,
      accounts: [
        ...setup.accounts,
        { ...setup.accounts[4]!, id: 'a-pay', number: '511CAG', label: 'Cagnotte' },
      ],
      links: [...setup.links, { accountId: 'a-pay', itemId: 'pt-cashback', type: 'payment', rateBp: null }],
    };
    const debited = (s: AccountingSetup) =>
      buildDayEntries(new AccountResolver(s), cashbackDay, {
        companyName: 'Café',
        mode: 2,
        exportDay: '20261125',
      })
        .flatMap((e) => e.rows)
        .filter((r) => r.debit > 0)
        .map((r) => [r.account, r.lib, r.debit]);
    expect(debited(paymentOnly)).toEqual([['511CAG', 'Cagnotte', 1980]]);
    const withCashback: AccountingSetup = {
      ...paymentOnly,
      accounts: [
        ...paymentOnly.accounts,
        { ...setup.accounts[4]!, id: 'a-cbk', type: 'cashback', number: '419100', label: 'Cashback clients' },
      ],
      links: [
        ...paymentOnly.links,
        { accountId: 'a-cbk', itemId: 'pt-cashback', type: 'cashback', rateBp: null },
      ],
    };
    expect(debited(withCashback)).toEqual([['419100', 'Cashback clients', 1980]]);
    const missing = {
      vat: new Map<string, string>(),
      sales: new Map<string, string>(),
      payments: new Map<string, string>(),
    };
    collectMissing(
      new AccountResolver({
        ...setup,
        accounts: withCashback.accounts,
        links: withCashback.links.filter((l) => l.accountId !== 'a-pay'),
      }),
      cashbackDay,
      missing,
    );
    expect([...missing.payments.values()]).toEqual([]);
  });
});
