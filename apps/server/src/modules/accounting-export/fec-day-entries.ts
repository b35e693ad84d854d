import { ACCOUNTING_TRANSFER_PAYMENT_ID, formatBusinessDay } from '@comptoir/contracts';
import {
  addMovement,
  entryHeader,
  ENTRY_KINDS,
  excludingVat,
  FEC_DEFAULT_ACCOUNTS,
  rateLabel,
  toRow,
  type AccountingSetup,
  type AccountResolver,
  type AvoirGroup,
  type CashGroup,
  type DayData,
  type EntryKind,
  type ExportContext,
  type FecEntry,
  type Movement,
  type SettlementGroup,
} from './fec-entries';

/**
 * A business day's entries (spec 3 §3 "FEC row", issue 17 part 4), one builder per kind, as pure
 * functions of the day's figures and the establishment's configuration (`fec-entries.ts`): the
 * day's entries (sales, settlements, avoirs, cash journal), without their numbers; none for a kind
 * when nothing moved.
 */
export function buildDayEntries(resolver: AccountResolver, day: DayData, context: ExportContext): FecEntry[] {
  const keys = resolver.setup.keys;
  const where = `${context.companyName} — ${formatBusinessDay(day.day)}`;
  const header = entryHeader(keys, day);
  return ENTRY_KINDS.flatMap((kind) => {
    const movements = ENTRY_BUILDERS[kind](resolver, day, context, where);
    // Each line's analytic section: its own (sales), else its account's (issue 30, defect 13).
    for (const m of movements) m.analytics ??= resolver.sectionOf(m.account);
    return movements.length > 0
      ? [{ kind, ...header, rows: movements.map((m) => toRow(header, m, keys, context)) }]
      : [];
  });
}

/** One builder per entry kind: the entry's lines (never a zero one), `where` closing their labels. */
type EntryBuilder = (
  resolver: AccountResolver,
  day: DayData,
  context: ExportContext,
  where: string,
) => Movement[];

const ENTRY_BUILDERS: Record<EntryKind, EntryBuilder> = {
  s: salesMovements,
  r: (resolver, day, _context, where) => settlementMovements(resolver, day.settlements, where),
  a: (resolver, day, _context, where) => avoirMovements(resolver, day.avoirs ?? [], where),
  c: (resolver, day, _context, where) => [
    ...cashMovements(resolver, day.cash ?? [], where),
    ...floatChangeMovements(resolver.setup.keys, day.floatChange ?? 0, where),
  ],
};

/**
 * The sales entry: debits the payments by payment account and the charges to customer accounts
 * (their credit on 4191 first), credits the sales excluding VAT, the VAT collected and the tips, with
 * the discounts when booked gross; a residual cent goes to the regulation account.
 */
function salesMovements(
  resolver: AccountResolver,
  day: DayData,
  context: ExportContext,
  where: string,
): Movement[] {
  const keys = resolver.setup.keys;
  const debits: Movement[] = [];
  const credits: Movement[] = [];
  const pairs: Movement[] = [];

  // A charge to an account first consumes the credit its holder put on it (4191), then owes (411).
  const unusedCredit = new Map((day.prepaidUse ?? []).map((use) => [use.customer.id, use.amount]));
  for (const payment of day.payments) {
    const amount = payment.amount + payment.tip;
    if (payment.customer) {
      const customer = resolver.customer(payment.customer);
      const aux = { num: customer.aux, name: payment.customer.name };
      const ecritureLib = `Compte client ${payment.customer.name} — ${where}`;
      const credit = unusedCredit.get(payment.customer.id) ?? 0;
      const fromCredit = amount > 0 ? Math.min(credit, amount) : 0;
      if (fromCredit > 0) {
        unusedCredit.set(payment.customer.id, credit - fromCredit);
        const prepaid = resolver.prepaid(payment.customer);
        addMovement(debits, {
          account: prepaid.number,
          lib: 'Clients - avances reçues',
          aux,
          ecritureLib,
          amount: fromCredit,
          key: `prepaid|${prepaid.number}|${payment.customer.id}`,
        });
      }
      addMovement(debits, {
        account: customer.number,
        lib: 'Clients',
        aux,
        ecritureLib,
        amount: amount - fromCredit,
        key: `customer|${customer.number}|${payment.customer.id}`,
      });
      continue;
    }
    const account = resolver.payment(payment.paymentTypeId);
    addMovement(debits, {
      account: account?.number ?? '',
      lib: account?.label ?? payment.paymentName,
      aux: null,
      ecritureLib: `Encaissements ${payment.paymentName} — ${where}`,
      amount,
      key: `payment|${account?.number ?? payment.paymentTypeId}|${payment.paymentName}`,
      analytics: account?.analytics ?? '',
    });
  }

  let tips = 0;
  for (const payment of day.payments) tips += payment.tip;
  // Sales are net of their discounts: by default no discount entry; booked gross, the sales are
  // credited before discount and the discounts excluding VAT debited per rate (issue 30, defect 5).
  // Offered items carry no price in the sales and no cost in the catalogue: they are not booked.
  const isGross = keys.account_vat_discount_booking === 'gross';
  const discountByRate = new Map<number, number>();
  let discounts = 0;
  for (const group of day.sales) {
    const account = resolver.product(group);
    const number = account?.number ?? '';
    const analytics = account?.analytics ?? '';
    const detailed = context.mode === 2;
    const discountEvat = isGross ? excludingVat(group.discount, group.rateBp) : 0;
    addMovement(credits, {
      account: number,
      lib: account?.label ?? group.categoryName,
      aux: null,
      ecritureLib: detailed ? `Ventes ${rateLabel(group.rateBp)} — ${where}` : `Ventes — ${where}`,
      amount: -(group.evat + discountEvat),
      key: detailed ? `sales|${group.rateBp}|${number}|${analytics}` : `sales|${number}`,
      analytics,
    });
    const vat = resolver.vat(group.rateBp);
    addMovement(credits, {
      account: vat?.number ?? '',
      lib: vat?.label ?? `TVA collectée ${rateLabel(group.rateBp)}`,
      aux: null,
      ecritureLib: `TVA collectée ${rateLabel(group.rateBp)} — ${where}`,
      amount: -group.tax,
      key: `vat|${group.rateBp}|${vat?.number ?? ''}`,
      analytics: vat?.analytics ?? '',
    });
    discounts += group.discount;
    if (discountEvat !== 0)
      discountByRate.set(group.rateBp, (discountByRate.get(group.rateBp) ?? 0) + discountEvat);
  }
  if (tips !== 0) {
    credits.push({
      account: keys.account_vat_tips || FEC_DEFAULT_ACCOUNTS.tips,
      lib: 'Pourboires',
      aux: null,
      ecritureLib: `Pourboires — ${where}`,
      amount: -tips,
      key: 'tips',
    });
  }
  // Discounts on whole orders (known for the day, not per rate) take their share of each rate's
  // discounts to the `order` discount account, the rest goes to the `line` one.
  const orderShare = discounts === 0 ? 0 : Math.min(1, (day.orderDiscount ?? 0) / discounts);
  for (const [rateBp, amount] of discountByRate) {
    const onOrders = Math.round(amount * orderShare);
    for (const [item, value, what] of [
      ['line', amount - onOrders, 'Remises'],
      ['order', onOrders, 'Remises sur commande'],
    ] as const) {
      if (value === 0) continue;
      pairs.push({
        account: resolver.discountAccount(item),
        lib: 'Rabais, remises et ristournes accordés',
        aux: null,
        ecritureLib: `${what} ${rateLabel(rateBp)} — ${where}`,
        amount: value,
        key: `discount|${item}|${rateBp}`,
      });
    }
  }
  const movements = [...debits, ...credits, ...pairs].filter((m) => m.amount !== 0);
  const residual = movements.reduce((sum, m) => sum + m.amount, 0);
  if (residual !== 0) {
    movements.push({
      account: keys.account_vat_regulation_account || FEC_DEFAULT_ACCOUNTS.regulation,
      lib: 'Écart de règlement',
      aux: null,
      ecritureLib: `${residual > 0 ? 'Trop-perçu' : 'Écart'} de règlement — ${where}`,
      amount: -residual,
      key: 'regulation',
    });
  }
  return movements;
}

/** The settlements of customer accounts: the payment account against the customer's 411 and 4191. */
function settlementMovements(
  resolver: AccountResolver,
  settlements: SettlementGroup[],
  where: string,
): Movement[] {
  const settlementMoves: Movement[] = [];
  for (const settlement of settlements) {
    if (settlement.amount === 0 && settlement.prepaid === 0) continue;
    const account = resolver.payment(settlement.paymentTypeId ?? ACCOUNTING_TRANSFER_PAYMENT_ID);
    const customer = resolver.customer(settlement.customer);
    const prepaid = resolver.prepaid(settlement.customer);
    const aux = { num: customer.aux, name: settlement.customer.name };
    const what =
      settlement.amount < 0
        ? 'Remboursement'
        : settlement.prepaid === settlement.amount
          ? 'Avance'
          : 'Règlement';
    const lib = `${what} compte client ${settlement.customer.name} — ${where}`;
    const key = `${settlement.customer.id}|${settlement.paymentTypeId}`;
    settlementMoves.push(
      {
        account: account?.number ?? '',
        lib: account?.label ?? settlement.paymentName,
        aux: null,
        ecritureLib: lib,
        amount: settlement.amount,
        key: `s+${key}`,
      },
      {
        account: customer.number,
        lib: 'Clients',
        aux,
        ecritureLib: lib,
        amount: -(settlement.amount - settlement.prepaid),
        key: `s-${key}`,
      },
      {
        account: prepaid.number,
        lib: 'Clients - avances reçues',
        aux,
        ecritureLib: lib,
        amount: -settlement.prepaid,
        key: `p-${key}`,
      },
    );
  }
  return settlementMoves.filter((m) => m.amount !== 0);
}

/**
 * A change of the drawers' floats (issue 30, defect 2): the float stays in the drawer from one day to
 * the next and is never booked as a daily flow; what changes it is, on the pair the establishment
 * set (`account_vat_cashfloat_debit` / `_credit`, 531 / 580 for instance), nothing without one.
 */
function floatChangeMovements(keys: AccountingSetup['keys'], change: number, where: string): Movement[] {
  const debit = keys.account_vat_cashfloat_debit?.trim();
  const credit = keys.account_vat_cashfloat_credit?.trim();
  if (!debit || !credit || change === 0) return [];
  const label = `Variation du fonds de caisse — ${where}`;
  return [
    { account: debit, lib: 'Fonds de caisse', aux: null, ecritureLib: label, amount: change, key: 'float+' },
    {
      account: credit,
      lib: 'Fonds de caisse',
      aux: null,
      ecritureLib: label,
      amount: -change,
      key: 'float-',
    },
  ];
}

/**
 * The cash journal of a day (issue 30, defect 6), beside the sales that debit the cash they took:
 * deposits D 580 (internal transfer) / C cash, cash brought in D cash / C 580, petty-cash expenses
 * D 606 / C cash (including VAT: the registers record no VAT on them), and what counting the drawers
 * found against what they should hold, D 658 / C cash for a shortage, D cash / C 758 for an
 * overage. The cash account then moves by what was counted less the floats, service after service.
 */
function cashMovements(resolver: AccountResolver, groups: CashGroup[], where: string): Movement[] {
  const keys = resolver.setup.keys;
  const transfer = keys.account_vat_cash_transfer || FEC_DEFAULT_ACCOUNTS.cashTransfer;
  const moves: Movement[] = [];
  for (const group of groups) {
    const account = resolver.payment(group.paymentTypeId);
    const cash = (what: string, amount: number, key: string): Movement => ({
      account: account?.number ?? '',
      lib: account?.label ?? group.paymentName,
      aux: null,
      ecritureLib: `${what} — ${where}`,
      amount,
      key: `c|cash|${key}|${group.paymentTypeId}`,
    });
    const other = (number: string, lib: string, what: string, amount: number, key: string): Movement => ({
      account: number,
      lib,
      aux: null,
      ecritureLib: `${what} — ${where}`,
      amount,
      key: `c|${key}|${group.paymentTypeId}`,
    });
    moves.push(
      other(transfer, 'Virements internes', 'Remises en banque', group.deposits, 'deposit'),
      cash('Remises en banque', -group.deposits, 'deposit'),
      cash('Apports en caisse', group.cashIn, 'in'),
      other(transfer, 'Virements internes', 'Apports en caisse', -group.cashIn, 'in'),
      other(
        keys.account_vat_cash_expense || FEC_DEFAULT_ACCOUNTS.cashExpense,
        'Dépenses de caisse',
        'Dépenses de caisse',
        group.expenses,
        'expense',
      ),
      cash('Dépenses de caisse', -group.expenses, 'expense'),
    );
    if (group.variance < 0) {
      moves.push(
        other(
          keys.account_vat_cash_shortage || FEC_DEFAULT_ACCOUNTS.cashShortage,
          'Manquants de caisse',
          'Manquant de caisse',
          -group.variance,
          'shortage',
        ),
        cash('Manquant de caisse', group.variance, 'shortage'),
      );
    } else if (group.variance > 0) {
      moves.push(
        cash('Excédent de caisse', group.variance, 'overage'),
        other(
          keys.account_vat_cash_overage || FEC_DEFAULT_ACCOUNTS.cashOverage,
          'Excédents de caisse',
          'Excédent de caisse',
          -group.variance,
          'overage',
        ),
      );
    }
  }
  return moves.filter((m) => m.amount !== 0);
}

/**
 * The avoirs issued on a day (issue 30, defect 4): an avoir against a sale reduces it — the rebate
 * excluding VAT debited per rate to the discount account (709), the VAT it takes back to the VAT
 * account of the rate; an avoir against no sale is a gift (6234) — credited including VAT to the
 * avoirs' account (the avoir payment type's, 4191), with the customer when known. Spending it later
 * is a payment by that type, debited to the same account.
 */
function avoirMovements(resolver: AccountResolver, avoirs: AvoirGroup[], where: string): Movement[] {
  const moves: Movement[] = [];
  for (const avoir of avoirs) {
    if (avoir.amount === 0) continue;
    if (avoir.rateBp === null) {
      addMovement(moves, {
        account: FEC_DEFAULT_ACCOUNTS.gift,
        lib: 'Cadeaux à la clientèle',
        aux: null,
        ecritureLib: `Avoirs offerts — ${where}`,
        amount: avoir.amount,
        key: 'a|gift',
      });
    } else {
      const evat = excludingVat(avoir.amount, avoir.rateBp);
      addMovement(moves, {
        account: resolver.discountAccount('line'),
        lib: 'Rabais, remises et ristournes accordés',
        aux: null,
        ecritureLib: `Avoirs ${rateLabel(avoir.rateBp)} — ${where}`,
        amount: evat,
        key: `a|rebate|${avoir.rateBp}`,
      });
      const vat = resolver.vat(avoir.rateBp);
      addMovement(moves, {
        account: vat?.number ?? '',
        lib: vat?.label ?? `TVA collectée ${rateLabel(avoir.rateBp)}`,
        aux: null,
        ecritureLib: `TVA sur avoirs ${rateLabel(avoir.rateBp)} — ${where}`,
        amount: avoir.amount - evat,
        key: `a|vat|${avoir.rateBp}`,
      });
    }
    const account = avoir.paymentTypeId ? resolver.payment(avoir.paymentTypeId) : undefined;
    addMovement(moves, {
      account: account?.number ?? '',
      lib: account?.label ?? avoir.paymentName,
      aux: avoir.customer ? { num: resolver.customer(avoir.customer).aux, name: avoir.customer.name } : null,
      ecritureLib: avoir.customer ? `Avoir ${avoir.customer.name} — ${where}` : `Avoirs émis — ${where}`,
      amount: -avoir.amount,
      key: `a|issued|${account?.number ?? avoir.paymentTypeId}|${avoir.customer?.id ?? ''}`,
    });
  }
  return moves.filter((m) => m.amount !== 0);
}
