// Over 400 lines: one order's life as a till signs it (tracking lines, draft, payment, cancellation, receipt), sharing its line and money helpers.
import type {
  OrderData,
  OrderLine,
  PaymentLine,
  PosUser,
  ReceiptData,
  TrackingEntry,
} from '@comptoir/contracts';
import type { CatalogCategory, CatalogProduct, EstablishmentCatalog, PaymentCode } from './catalog';
import { toIso } from './dates';
import { vatRateFor } from './menus';
import { orderAmounts, priceLine, spreadGlobalDiscount, taxesByRate } from './money';
import type { Course } from './profiles';
import type { Random } from './random';

const SECOND = 1000;
const MINUTE = 60_000;

/** Courses served late in a meal: their lines are entered after the first ones. */
const LATE_CATEGORIES = new Set(['desserts', 'hot', 'digestifs', 'crepes', 'cheeses', 'shooters', 'spirits']);
/** What a waiter offers on the house. */
const OFFERABLE = new Set(['hot', 'digestifs', 'desserts', 'shooters', 'aperitifs', 'softs', 'crepes']);

export interface OrderContext {
  rng: Random;
  catalog: EstablishmentCatalog;
  appVersion: string;
}

/** An audit-history (tracking) entry for a row, stamped at an instant. */
export function tracking(
  rng: Random,
  entry: Omit<TrackingEntry, 'id' | 'at' | 'key' | 'value' | 'comment'> & {
    at: number;
    key?: string | null;
    value?: string | null;
    comment?: string | null;
  },
): TrackingEntry {
  return {
    id: rng.uuid(),
    action: entry.action,
    tableName: entry.tableName,
    tableId: entry.tableId,
    key: entry.key ?? null,
    value: entry.value ?? null,
    at: toIso(entry.at),
    comment: entry.comment ?? null,
  };
}

/** Distinct products of a category, by popularity. */
function pickProducts(rng: Random, category: CatalogCategory, count: number): CatalogProduct[] {
  const first = rng.weighted(category.weighted);
  if (count === 1) return [first];
  const chosen = [first];
  for (let tries = 0; chosen.length < count && tries < 4 * count; tries++) {
    const p = rng.weighted(category.weighted);
    if (!chosen.includes(p)) chosen.push(p);
  }
  return chosen;
}

/** Splits `units` into `parts` positive quantities. */
function splitUnits(rng: Random, units: number, parts: number): number[] {
  const q = new Array<number>(parts).fill(1);
  for (let left = units - parts; left > 0; left--) {
    const i = rng.int(0, parts - 1);
    q[i] = (q[i] ?? 0) + 1;
  }
  return q;
}

interface LineArgs {
  product: CatalogProduct;
  quantity: number;
  vatRateBp: number;
  createdAt: number;
  userId: string;
  parentId?: string | null;
  standardPrice?: number;
}

function newLine(rng: Random, a: LineArgs): OrderLine {
  return priceLine({
    id: rng.uuid(),
    parentId: a.parentId ?? null,
    productId: a.product.id,
    productName: a.product.name,
    categoryId: a.product.categoryId,
    categoryName: a.product.categoryName,
    quantity: a.quantity,
    standardPrice: a.standardPrice ?? a.product.price,
    price: 0,
    discount: 0,
    offered: 0,
    vatRateBp: a.vatRateBp,
    amountEvat: 0,
    amountTax: 0,
    removed: false,
    createdAt: toIso(a.createdAt),
    userId: a.userId,
  });
}

export interface OrderDraftInput {
  id: string;
  serviceId: string;
  businessDay: string;
  openedAt: number;
  closedAt: number;
  activityType: 1 | 2 | 3;
  room: { id: string; name: string; table: string } | null;
  covers: number;
  user: PosUser;
  courses: readonly Course[];
  happyHour: boolean;
}

/** When a line is keyed in: starters and drinks early in the stay, desserts and coffees late. */
function lineTime(rng: Random, input: OrderDraftInput, late: boolean): number {
  const from = late ? 0.45 : 0.02;
  const to = late ? 0.85 : 0.4;
  const offset = (from + (to - from) * rng.next()) * (input.closedAt - input.openedAt);
  return input.openedAt + Math.floor(offset / SECOND) * SECOND;
}

/** Adds a product line, and for a set menu one child line per course (at 0, the parent carries the price). */
function addProduct(
  ctx: OrderContext,
  input: OrderDraftInput,
  lines: OrderLine[],
  product: CatalogProduct,
  quantity: number,
  createdAt: number,
): OrderLine {
  const vatRateBp = vatRateFor(product.vat, input.activityType);
  const userId = input.user.id;
  const line = newLine(ctx.rng, { product, quantity, vatRateBp, createdAt, userId });
  lines.push(line);
  for (const choices of ctx.catalog.formulas.get(product.id) ?? []) {
    const component = ctx.rng.weighted(choices);
    const parentId = line.id;
    lines.push(
      newLine(ctx.rng, {
        product: component,
        quantity,
        vatRateBp,
        createdAt,
        userId,
        parentId,
        standardPrice: 0,
      }),
    );
  }
  return line;
}

function topLines(lines: readonly OrderLine[]): OrderLine[] {
  return lines.filter((l) => l.parentId === null && !l.removed);
}

function childrenOf(lines: readonly OrderLine[], parent: OrderLine): OrderLine[] {
  return lines.filter((l) => l.parentId === parent.id);
}

function categoryKeyOf(catalog: EstablishmentCatalog, line: OrderLine): string {
  return catalog.categoryById.get(line.categoryId)?.key ?? '';
}

const byCreatedAt = (a: OrderLine, b: OrderLine) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
const byAt = (a: TrackingEntry, b: TrackingEntry) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);

/** The courses an order takes, units scaled by covers, spread over one to three products each. */
function takeCourses(ctx: OrderContext, input: OrderDraftInput, lines: OrderLine[]): Course[] {
  const { rng, catalog } = ctx;
  const chosen = input.courses.filter((c) => rng.chance(c.chance));
  if (chosen.length === 0) {
    const likeliest = [...input.courses].sort((a, b) => b.chance - a.chance)[0];
    if (likeliest) chosen.push(likeliest);
  }
  const covers = Math.max(1, input.covers);
  for (const course of chosen) {
    const category = catalog.categories.get(course.category);
    if (!category || (input.activityType !== 1 && !category.takeaway)) continue;
    const units = course.perCover
      ? Math.max(1, Math.round(covers * (course.share ?? 1) * (0.7 + 0.5 * rng.next())))
      : rng.chance(0.12)
        ? 2
        : 1;
    const distinct =
      units === 1
        ? 1
        : Math.min(units, 1 + (rng.chance(0.42) ? 1 : 0) + (units >= 4 && rng.chance(0.35) ? 1 : 0));
    const products = pickProducts(rng, category, distinct);
    const quantities = splitUnits(rng, units, products.length);
    const late = LATE_CATEGORIES.has(course.category);
    for (let i = 0; i < products.length; i++) {
      addProduct(
        ctx,
        input,
        lines,
        products[i] as CatalogProduct,
        quantities[i] ?? 1,
        lineTime(rng, input, late),
      );
    }
  }
  return chosen;
}

function applyHappyHour(catalog: EstablishmentCatalog, lines: OrderLine[]): void {
  for (const line of topLines(lines)) {
    const key = categoryKeyOf(catalog, line);
    const perUnit = key === 'cocktails' ? 200 : key === 'beers' ? 100 : 0;
    if (perUnit > 0 && line.standardPrice > perUnit * 2) {
      line.discount = perUnit * line.quantity;
      priceLine(line);
    }
  }
}

function discountOneLine(rng: Random, lines: OrderLine[]): void {
  const line = rng.pick(topLines(lines));
  const gross = line.standardPrice * line.quantity;
  const discount = rng.chance(0.5)
    ? Math.round((gross * rng.pick([10, 15, 20, 50])) / 100)
    : Math.min(gross, rng.pick([100, 150, 200, 500]) * line.quantity);
  line.discount = Math.min(gross - line.offered, discount);
  priceLine(line);
}

function offerOneLine(ctx: OrderContext, lines: OrderLine[]): void {
  const candidates = topLines(lines).filter((l) => OFFERABLE.has(categoryKeyOf(ctx.catalog, l)));
  const line = candidates.length > 0 ? ctx.rng.pick(candidates) : ctx.rng.pick(topLines(lines));
  line.discount = 0;
  line.offered = line.standardPrice * line.quantity;
  priceLine(line);
}

/** A quantity or price corrected before payment, traced by an 'update' entry with the new value. */
function correctOneLine(
  rng: Random,
  input: OrderDraftInput,
  lines: OrderLine[],
  entries: TrackingEntry[],
): void {
  const candidates = topLines(lines).filter((l) => l.offered === 0);
  if (candidates.length === 0) return;
  const line = rng.pick(candidates);
  const at = Math.min(Date.parse(line.createdAt) + rng.int(1, 8) * MINUTE, input.closedAt - MINUTE);
  if (rng.chance(0.6)) {
    const old = line.quantity;
    line.quantity = old === 1 ? 2 : old - 1;
    line.discount = Math.min(line.discount, line.standardPrice * line.quantity);
    priceLine(line);
    for (const child of childrenOf(lines, line)) {
      child.quantity = line.quantity;
      priceLine(child);
    }
    const comment = `Quantité corrigée (avant : ${old})`;
    const value = String(line.quantity);
    entries.push(
      tracking(rng, {
        action: 'update',
        tableName: 'order_line',
        tableId: line.id,
        at,
        key: 'quantity',
        value,
        comment,
      }),
    );
  } else {
    const gross = line.standardPrice * line.quantity;
    const newPrice = Math.max(0, Math.round((gross * (0.7 + 0.2 * rng.next())) / 10) * 10);
    const comment = `Prix corrigé (avant : ${line.price})`;
    line.discount = gross - newPrice;
    priceLine(line);
    const value = String(line.price);
    entries.push(
      tracking(rng, {
        action: 'update',
        tableName: 'order_line',
        tableId: line.id,
        at,
        key: 'price',
        value,
        comment,
      }),
    );
  }
}

/** A line keyed in then cancelled before payment: kept with `removed` and a 'delete' entry. */
function removeALine(
  ctx: OrderContext,
  input: OrderDraftInput,
  chosen: readonly Course[],
  lines: OrderLine[],
  entries: TrackingEntry[],
): void {
  const { rng, catalog } = ctx;
  const category = catalog.categories.get(rng.pick(chosen).category);
  if (!category || (input.activityType !== 1 && !category.takeaway)) return;
  const line = addProduct(ctx, input, lines, rng.pick(category.products), 1, lineTime(rng, input, false));
  const at = Math.min(Date.parse(line.createdAt) + rng.int(1, 5) * MINUTE, input.closedAt - MINUTE);
  const comment = rng.pick(REMOVAL_REASONS);
  for (const l of [line, ...childrenOf(lines, line)]) {
    l.removed = true;
    entries.push(tracking(rng, { action: 'delete', tableName: 'order_line', tableId: l.id, at, comment }));
  }
}

const REMOVAL_REASONS = ['Erreur de saisie', 'Produit indisponible', 'Client a changé d’avis'];

/**
 * Lines of an order with its life before payment: happy-hour prices, discounts, items on the house,
 * lines cancelled before payment (removed + a 'delete' entry), quantity or price corrections
 * ('update' entries) and sometimes a global discount spread onto the lines.
 */
export function draftOrder(ctx: OrderContext, input: OrderDraftInput): OrderData {
  const { rng, catalog } = ctx;
  const entries: TrackingEntry[] = [
    tracking(rng, { action: 'create', tableName: 'order', tableId: input.id, at: input.openedAt }),
  ];
  const lines: OrderLine[] = [];
  const chosen = takeCourses(ctx, input, lines);
  if (input.happyHour) applyHappyHour(catalog, lines);
  if (rng.chance(0.04)) discountOneLine(rng, lines);
  if (rng.chance(0.035)) offerOneLine(ctx, lines);
  if (rng.chance(0.03)) correctOneLine(rng, input, lines, entries);
  if (rng.chance(0.045)) removeALine(ctx, input, chosen, lines, entries);
  let globalDiscount = 0;
  if (rng.chance(0.02)) {
    const total = orderAmounts(lines).amountTotalIvat;
    const pct = rng.weighted(GLOBAL_DISCOUNT_RATES);
    globalDiscount = spreadGlobalDiscount(lines, Math.round((total * pct) / 100));
  }
  lines.sort(byCreatedAt);
  entries.sort(byAt);
  return {
    id: input.id,
    serviceId: input.serviceId,
    number: 1,
    businessDay: input.businessDay,
    openedAt: toIso(input.openedAt),
    closedAt: toIso(input.closedAt),
    activityType: input.activityType,
    roomId: input.room?.id ?? null,
    roomName: input.room?.name ?? null,
    tableName: input.room?.table ?? null,
    covers: input.covers,
    user: input.user,
    customerAccountId: null,
    cancelsOrderId: null,
    globalDiscount,
    ...orderAmounts(lines),
    lines,
    payments: [],
    tracking: entries,
    appVersion: ctx.appVersion,
  };
}

/** Global discounts (percent of the order) and how often each is granted. */
const GLOBAL_DISCOUNT_RATES = [
  [10, 5],
  [15, 2],
  [20, 2],
  [50, 1],
] as const;

export interface PaymentPlan {
  /** Titres-restaurant accepted for this order. */
  mealVouchers: number;
  cashShare: number;
  tipChance: number;
  /** Part paid from a customer account, already decided by the account's running balance. */
  account?: { id: string; amount: number };
}

/** Payment lines summing exactly to the order total (tips apart), sometimes split, sometimes retried. */
export function payOrder(
  ctx: OrderContext,
  order: OrderData,
  plan: PaymentPlan,
  device: { card: string; drawer: string },
): void {
  const { rng, catalog } = ctx;
  const total = order.amountTotalIvat;
  if (total <= 0) return;
  const closedAt = Date.parse(order.closedAt);
  const openedAt = Date.parse(order.openedAt);
  const at = Math.max(openedAt, closedAt - rng.int(5, 90) * SECOND);
  const line = (code: PaymentCode, amount: number, customerAccountId: string | null = null): PaymentLine => {
    const type = catalog.paymentTypes[code];
    return {
      id: rng.uuid(),
      paymentTypeId: type.id,
      paymentName: type.name,
      amount,
      tip: code === 'card' && rng.chance(plan.tipChance) ? rng.int(1, 10) * 50 : 0,
      at: toIso(at),
      device: code === 'card' ? device.card : device.drawer,
      userId: order.user.id,
      customerAccountId,
      removed: false,
    };
  };
  const cardOrCash = (): PaymentCode => (rng.chance(plan.cashShare) ? 'cash' : 'card');
  const payments: PaymentLine[] = [];
  let left = total;
  if (plan.account) {
    payments.push(line('account', plan.account.amount, plan.account.id));
    left -= plan.account.amount;
  } else if (plan.mealVouchers > 0 && rng.chance(plan.mealVouchers)) {
    const vouchers = rng.int(1, Math.max(1, order.covers));
    const amount = Math.min(left, vouchers * rng.pick([800, 900, 1000, 1100, 1200, 1300]));
    payments.push(line('voucher', amount));
    left -= amount;
  } else if (order.covers >= 2 && rng.chance(0.12)) {
    const parts = rng.int(2, Math.min(4, order.covers));
    const share = Math.floor(left / parts);
    for (let i = 0; i < parts - 1; i++) {
      payments.push(line(cardOrCash(), share));
      left -= share;
    }
  }
  if (left > 0) {
    const code: PaymentCode = rng.chance(0.01) ? 'cheque' : rng.chance(0.004) ? 'credit' : cardOrCash();
    payments.push(line(code, left));
  }
  const first = payments[0];
  if (first && first.paymentTypeId === catalog.paymentTypes.card.id && rng.chance(0.012)) {
    const declined: PaymentLine = { ...first, id: rng.uuid(), tip: 0, removed: true };
    payments.unshift(declined);
    order.tracking.push(
      tracking(rng, {
        action: 'delete',
        tableName: 'payment_line',
        tableId: declined.id,
        at,
        comment: 'Paiement refusé par la banque',
      }),
    );
    order.tracking.sort(byAt);
  }
  order.payments = payments;
}

/** Minus, without producing -0 (which JSON and canonical bytes would show as 0 anyway). */
const negate = (x: number) => 0 - x;

/** A cancellation after payment: a new order with negative quantities and amounts, refunded in kind. */
export function cancellationOf(
  ctx: OrderContext,
  original: OrderData,
  args: { id: string; at: number; user: PosUser },
): OrderData {
  const { rng } = ctx;
  const ids = new Map<string, string>();
  const lines = original.lines
    .filter((l) => !l.removed)
    .map((l) => {
      const id = rng.uuid();
      ids.set(l.id, id);
      return {
        ...l,
        id,
        quantity: negate(l.quantity),
        price: negate(l.price),
        discount: negate(l.discount),
        offered: negate(l.offered),
        amountEvat: negate(l.amountEvat),
        amountTax: negate(l.amountTax),
        createdAt: toIso(args.at - 30 * SECOND),
        userId: args.user.id,
      };
    })
    .map((l) => ({ ...l, parentId: l.parentId === null ? null : (ids.get(l.parentId) ?? null) }));
  const payments = original.payments
    .filter((p) => !p.removed)
    .map((p) => ({
      ...p,
      id: rng.uuid(),
      amount: negate(p.amount),
      tip: 0,
      at: toIso(args.at),
      userId: args.user.id,
    }));
  return {
    ...original,
    id: args.id,
    openedAt: toIso(args.at - MINUTE),
    closedAt: toIso(args.at),
    covers: 0,
    user: args.user,
    customerAccountId: null,
    cancelsOrderId: original.id,
    globalDiscount: negate(original.globalDiscount),
    ...orderAmounts(lines),
    lines,
    payments,
    tracking: [
      tracking(rng, {
        action: 'create',
        tableName: 'order',
        tableId: args.id,
        at: args.at - MINUTE,
        comment: rng.pick([
          'Annulation après encaissement : erreur de table',
          'Annulation après encaissement : client débité deux fois',
          'Annulation après encaissement : commande non servie',
        ]),
      }),
    ],
  };
}

/** A printed ticket (or note, invoice, duplicate) with one detail per line and taxes per rate. */
export function receiptOf(
  ctx: OrderContext,
  order: OrderData,
  args: { at: number; name: 'ticket' | 'note' | 'duplicata' | 'facture'; user: PosUser },
): ReceiptData {
  const { rng } = ctx;
  const lines = order.lines.filter((l) => !l.removed);
  return {
    id: rng.uuid(),
    orderId: order.id,
    serviceId: order.serviceId,
    number: 1,
    printedAt: toIso(args.at),
    name: args.name,
    printTry: rng.chance(0.01) ? 2 : 1,
    printed: true,
    user: args.user,
    details: lines.map((l) => ({
      id: rng.uuid(),
      label: l.productName,
      quantity: l.quantity,
      amount: l.price,
      vatRateBp: l.vatRateBp,
    })),
    taxes: taxesByRate(lines).map((t) => ({ id: rng.uuid(), ...t })),
    appVersion: ctx.appVersion,
  };
}
