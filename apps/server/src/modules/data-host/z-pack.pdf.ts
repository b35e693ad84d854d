import { formatBusinessDay, formatParis } from '@comptoir/contracts';
import type { ClosurePayment, ClosureTax } from '@comptoir/contracts';
import type { CompanyIdentity } from './data-host.repository';
import {
  createDocument,
  drawAmountLines,
  drawEstablishment,
  drawFacts,
  drawNote,
  drawSection,
  drawSoftwareIdentity,
  drawTable,
  drawTitle,
  formatEuros,
  formatRate,
  renderToBuffer,
  type SoftwareIdentity,
} from '../../platform/pdf/pdf-layout';

/** One register's daily closure (Z) as the pack prints it. */
export interface PackedClosure {
  registerName: string;
  seq: number;
  closingDate: Date;
  amountTotalEvat: number;
  amountTax: number;
  amountTotalIvat: number;
  grandTotalIvat: number;
  taxes: ClosureTax[];
  payments: ClosurePayment[];
  signature: string;
}

export interface ZPackData {
  company: CompanyIdentity;
  month: string;
  /** Each business day of the month with closures: the establishment's number, its registers' Z. */
  days: { day: string; number: string | null; closures: PackedClosure[] }[];
  printedAt: Date;
  software: SoftwareIdentity;
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((s, item) => s + pick(item), 0);

/** Taxes of several closures added up per rate. */
function addTaxes(closures: PackedClosure[]): ClosureTax[] {
  const byRate = new Map<number, ClosureTax>();
  for (const tax of closures.flatMap((c) => c.taxes)) {
    const found = byRate.get(tax.tax_rate) ?? {
      tax_rate: tax.tax_rate,
      amount_evat: 0,
      amount_tax: 0,
      amount_ivat: 0,
    };
    found.amount_evat += tax.amount_evat;
    found.amount_tax += tax.amount_tax;
    found.amount_ivat += tax.amount_ivat;
    byRate.set(tax.tax_rate, found);
  }
  return [...byRate.values()].sort((a, b) => a.tax_rate - b.tax_rate);
}

function addPayments(closures: PackedClosure[]): { name: string; amount: number }[] {
  const byName = new Map<string, number>();
  for (const p of closures.flatMap((c) => c.payments)) {
    byName.set(p.payment_name, (byName.get(p.payment_name) ?? 0) + p.amount_shift);
  }
  return [...byName]
    .map(([name, amount]) => ({ name, amount }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

const TAX_COLUMNS = [
  { header: 'Taux de TVA', width: 0.25 },
  { header: 'Montant HT', width: 0.25, align: 'right' as const },
  { header: 'TVA', width: 0.25, align: 'right' as const },
  { header: 'Montant TTC', width: 0.25, align: 'right' as const },
];

/**
 * The month's daily closures in one PDF (issue 30, part 21): a summary of the month, then each
 * business day under the establishment's daily closure number — the piece the FEC prints in
 * PieceRef — with every register's Z (number, totals, grand total, signature), the day's VAT per
 * rate and its payments.
 */
export function renderZPack(data: ZPackData): Promise<Buffer> {
  const doc = createDocument(
    `Clôtures journalières – ${monthLabel(data.month)} – ${data.company.company_name}`,
  );
  drawEstablishment(doc, data.company);
  drawTitle(doc, `Clôtures journalières de ${monthLabel(data.month)}`, null);
  const all = data.days.flatMap((d) => d.closures);
  drawFacts(doc, [
    ['Journées', String(data.days.length)],
    ['Rapports Z des caisses', String(all.length)],
  ]);
  drawSection(doc, 'Récapitulatif du mois');
  drawTable(
    doc,
    [
      { header: 'Journée', width: 0.2 },
      { header: 'Pièce (FEC)', width: 0.16 },
      { header: 'Z de caisses', width: 0.14, align: 'right' },
      { header: 'Total HT', width: 0.17, align: 'right' },
      { header: 'TVA', width: 0.16, align: 'right' },
      { header: 'Total TTC', width: 0.17, align: 'right' },
    ],
    data.days.map((d) => [
      formatBusinessDay(d.day),
      d.number ?? '—',
      String(d.closures.length),
      formatEuros(sum(d.closures, (c) => c.amountTotalEvat)),
      formatEuros(sum(d.closures, (c) => c.amountTax)),
      formatEuros(sum(d.closures, (c) => c.amountTotalIvat)),
    ]),
    [
      'Total du mois',
      '',
      String(all.length),
      formatEuros(sum(all, (c) => c.amountTotalEvat)),
      formatEuros(sum(all, (c) => c.amountTax)),
      formatEuros(sum(all, (c) => c.amountTotalIvat)),
    ],
  );
  drawSection(doc, 'TVA du mois par taux');
  const monthTaxes = addTaxes(all);
  drawTable(
    doc,
    TAX_COLUMNS,
    monthTaxes.map((t) => [
      formatRate(t.tax_rate),
      formatEuros(t.amount_evat),
      formatEuros(t.amount_tax),
      formatEuros(t.amount_ivat),
    ]),
    [
      'Total',
      formatEuros(sum(monthTaxes, (t) => t.amount_evat)),
      formatEuros(sum(monthTaxes, (t) => t.amount_tax)),
      formatEuros(sum(monthTaxes, (t) => t.amount_ivat)),
    ],
  );

  for (const day of data.days) {
    doc.addPage();
    drawTitle(doc, `${formatBusinessDay(day.day)} — clôture de l’établissement ${day.number ?? '—'}`, null);
    drawNote(doc, `Pièce des écritures comptables de la journée (PieceRef du FEC) : ${day.number ?? '—'}`);
    drawSection(doc, 'Rapports Z des caisses');
    drawTable(
      doc,
      [
        { header: 'Caisse', width: 0.22 },
        { header: 'Z n°', width: 0.08, align: 'right' },
        { header: 'Clôturé le', width: 0.22 },
        { header: 'Total HT', width: 0.16, align: 'right' },
        { header: 'Total TTC', width: 0.16, align: 'right' },
        { header: 'Grand total', width: 0.16, align: 'right' },
      ],
      day.closures.map((c) => [
        c.registerName,
        String(c.seq),
        formatParis(c.closingDate, 'DD/MM/YYYY HH:mm:ss'),
        formatEuros(c.amountTotalEvat),
        formatEuros(c.amountTotalIvat),
        formatEuros(c.grandTotalIvat),
      ]),
    );
    drawSection(doc, 'TVA de la journée par taux');
    const taxes = addTaxes(day.closures);
    drawTable(
      doc,
      TAX_COLUMNS,
      taxes.map((t) => [
        formatRate(t.tax_rate),
        formatEuros(t.amount_evat),
        formatEuros(t.amount_tax),
        formatEuros(t.amount_ivat),
      ]),
      [
        'Total',
        formatEuros(sum(taxes, (t) => t.amount_evat)),
        formatEuros(sum(taxes, (t) => t.amount_tax)),
        formatEuros(sum(taxes, (t) => t.amount_ivat)),
      ],
    );
    drawSection(doc, 'Règlements de la journée');
    drawAmountLines(
      doc,
      addPayments(day.closures).map((p) => ({ label: p.name, value: formatEuros(p.amount) })),
    );
    drawSection(doc, 'Signatures des rapports Z');
    for (const c of day.closures) drawNote(doc, `${c.registerName} Z n°${c.seq} : ${c.signature || '—'}`);
  }
  drawNote(doc, `Édité le ${formatParis(data.printedAt, 'DD/MM/YYYY HH:mm:ss')}.`);
  drawSoftwareIdentity(doc, data.software);
  return renderToBuffer(doc);
}
