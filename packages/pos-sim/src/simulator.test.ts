import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  batchRequest,
  parisDayOf,
  type BatchRequest,
  type CatalogRequest,
  type ClosureData,
  type CustomerOperationData,
  type OrderData,
  type RecordKind,
  type ServiceData,
  type SignedRecord,
  type SignedRecordOf,
} from '@comptoir/contracts';
import { checkChainLink, publicKeyFromRaw, verifyRecord, type ChainHead } from '@comptoir/fiscal';
import {
  CASH_FLOAT,
  amountEvatOf,
  demoAccounts,
  profileFor,
  runSimulation,
  simulateBatches,
  Simulator,
  type Activity,
  type EnrollRegisterRequest,
  type PosClient,
  type SimulatedBatch,
  type SimulationOptions,
  type SimulationStats,
  type SimulatorOptions,
} from './index';
import { isOpen } from './profiles';

/** Stands in for the server: records what registers send, in order. */
class CollectingClient implements PosClient {
  readonly calls: string[] = [];
  readonly enrollments = new Map<string, EnrollRegisterRequest>();
  readonly catalogs = new Map<string, CatalogRequest>();
  readonly batches: { registerId: string; batch: BatchRequest }[] = [];
  private readonly tokens = new Map<string, string>();

  async enrollRegister(req: EnrollRegisterRequest) {
    const n = String(this.enrollments.size + 1).padStart(12, '0');
    const registerId = `00000000-0000-4000-8000-${n}`;
    const registerToken = `token-${n}`;
    this.enrollments.set(registerId, req);
    this.tokens.set(registerId, registerToken);
    this.calls.push(`enroll ${registerId}`);
    return { registerId, companyId: req.companyId, registerToken };
  }

  async putCatalog(registerId: string, registerToken: string, catalog: CatalogRequest) {
    expect(this.tokens.get(registerId)).toBe(registerToken);
    this.catalogs.set(registerId, catalog);
    this.calls.push(`catalog ${registerId}`);
  }

  async postBatch(registerId: string, registerToken: string, batch: BatchRequest) {
    expect(this.tokens.get(registerId)).toBe(registerToken);
    this.batches.push({ registerId, batch });
    this.calls.push(`batch ${registerId}`);
    return { batchId: batch.batchId, accepted: batch.records.length, duplicates: 0, heads: [] };
  }
}

const ofKind = <K extends RecordKind>(records: SignedRecord[], kind: K) =>
  records.filter((r): r is SignedRecordOf<K> => r.kind === kind);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

interface Collected {
  client: CollectingClient;
  stats: SimulationStats;
  /** Records of every register, in the order they were posted. */
  byRegister: Map<string, SignedRecord[]>;
  companyOf: Map<string, string>;
}

async function simulate(
  endDay: string,
  days: number,
  more: Partial<SimulationOptions> = {},
): Promise<Collected> {
  const client = new CollectingClient();
  const stats = await runSimulation(client, { endDay, days, seed: 7, ...more });
  const byRegister = new Map<string, SignedRecord[]>();
  for (const { registerId, batch } of client.batches) {
    byRegister.set(registerId, [...(byRegister.get(registerId) ?? []), ...batch.records]);
  }
  const companyOf = new Map([...client.enrollments].map(([id, req]) => [id, req.companyId]));
  return { client, stats, byRegister, companyOf };
}

const establishments = demoAccounts().flatMap((a) => a.establishments);
const establishmentOf = (companyId: string) => {
  const e = establishments.find((x) => x.companyId === companyId);
  if (!e) throw new Error(`unknown company ${companyId}`);
  return e;
};

function expectOrderMoneyRules(order: OrderData): void {
  const kept = order.lines.filter((l) => !l.removed);
  for (const line of order.lines) {
    // `+ 0` because 0 × -1 is -0 in JavaScript, which equals 0 everywhere but in Object.is.
    expect(line.price).toBe(line.standardPrice * line.quantity - line.discount - line.offered + 0);
    expect(line.amountEvat).toBe(amountEvatOf(line.price, line.vatRateBp));
    expect(line.amountTax).toBe(line.price - line.amountEvat);
    if (order.cancelsOrderId === null) expect(line.price).toBeGreaterThanOrEqual(0);
  }
  expect(order.amountTotalIvat).toBe(sum(kept.map((l) => l.price)));
  expect(order.amountTotalEvat).toBe(sum(kept.map((l) => l.amountEvat)));
  expect(order.amountTax).toBe(sum(kept.map((l) => l.amountTax)));
  expect(order.amountDiscountIvat).toBe(sum(kept.map((l) => l.discount)));
  expect(Math.abs(order.amountDiscountIvat)).toBeGreaterThanOrEqual(Math.abs(order.globalDiscount));
  expect(order.amountOfferedIvat).toBe(sum(kept.map((l) => l.offered)));
  expect(order.amountTotalWoDiscountIvat).toBe(order.amountTotalIvat + order.amountDiscountIvat);
  expect(sum(order.payments.filter((p) => !p.removed).map((p) => p.amount))).toBe(order.amountTotalIvat);
  expect(
    order.tracking.some((t) => t.action === 'create' && t.tableName === 'order' && t.tableId === order.id),
  ).toBe(true);
  for (const line of order.lines.filter((l) => l.removed)) {
    expect(order.tracking.some((t) => t.action === 'delete' && t.tableId === line.id)).toBe(true);
  }
}

function expectSameTotals(
  actual: Pick<
    ServiceData,
    'amountTotalIvat' | 'amountTotalEvat' | 'amountTax' | 'amountDiscountIvat' | 'amountOfferedIvat'
  >,
  parts: Pick<
    ServiceData,
    'amountTotalIvat' | 'amountTotalEvat' | 'amountTax' | 'amountDiscountIvat' | 'amountOfferedIvat'
  >[],
): void {
  expect({
    amountTotalIvat: actual.amountTotalIvat,
    amountTotalEvat: actual.amountTotalEvat,
    amountTax: actual.amountTax,
    amountDiscountIvat: actual.amountDiscountIvat,
    amountOfferedIvat: actual.amountOfferedIvat,
  }).toEqual({
    amountTotalIvat: sum(parts.map((p) => p.amountTotalIvat)),
    amountTotalEvat: sum(parts.map((p) => p.amountTotalEvat)),
    amountTax: sum(parts.map((p) => p.amountTax)),
    amountDiscountIvat: sum(parts.map((p) => p.amountDiscountIvat)),
    amountOfferedIvat: sum(parts.map((p) => p.amountOfferedIvat)),
  });
}

function paymentsByType(orders: OrderData[]): Map<string, { amount: number; tips: number }> {
  const out = new Map<string, { amount: number; tips: number }>();
  for (const p of orders.flatMap((o) => o.payments)) {
    if (p.removed) continue;
    const t = out.get(p.paymentTypeId) ?? { amount: 0, tips: 0 };
    t.amount += p.amount;
    t.tips += p.tip;
    out.set(p.paymentTypeId, t);
  }
  return out;
}

function taxesOf(orders: OrderData[]): Map<number, { evat: number; tax: number; ivat: number }> {
  const out = new Map<number, { evat: number; tax: number; ivat: number }>();
  for (const l of orders.flatMap((o) => o.lines)) {
    if (l.removed) continue;
    const t = out.get(l.vatRateBp) ?? { evat: 0, tax: 0, ivat: 0 };
    t.evat += l.amountEvat;
    t.tax += l.amountTax;
    t.ivat += l.price;
    out.set(l.vatRateBp, t);
  }
  return out;
}

function expectClosureMatchesServices(
  closure: ClosureData,
  services: ServiceData[],
  orders: OrderData[],
): void {
  expect(new Set(closure.serviceIds)).toEqual(new Set(services.map((s) => s.id)));
  expectSameTotals(closure, services);
  expect(closure.amountTotalWoDiscountIvat).toBe(closure.amountTotalIvat + closure.amountDiscountIvat);
  expect(closure.amountPaymentShift).toBe(sum(closure.payments.map((p) => p.amount)));
  const byType = new Map<string, number>();
  for (const p of services.flatMap((s) => s.payments))
    byType.set(p.paymentTypeId, (byType.get(p.paymentTypeId) ?? 0) + p.amount);
  expect(new Map(closure.payments.map((p) => [p.paymentTypeId, p.amount]))).toEqual(byType);
  const taxes = taxesOf(orders);
  expect(
    new Map(closure.taxes.map((t) => [t.vatRateBp, { evat: t.evat, tax: t.tax, ivat: t.ivat }])),
  ).toEqual(taxes);
}

describe('a simulated month (March 2026, all four establishments)', () => {
  let run: Collected;
  let all: SignedRecord[];
  let orders: OrderData[];
  let elapsedMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    run = await simulate('2026-03-31', 31);
    elapsedMs = performance.now() - started;
    all = [...run.byRegister.values()].flat();
    orders = ofKind(all, 'order').map((r) => r.data);
  });

  it('notes how long generating and signing the month took (a note, not an assertion)', async ({
    annotate,
  }) => {
    await annotate(`${all.length} records generated and signed in ${Math.round(elapsedMs)} ms`);
    expect(all.length).toBeGreaterThan(5_000);
  });

  it('enrolls each register with its public key and puts its catalogue before its first batch', () => {
    expect(run.client.enrollments.size).toBe(7);
    for (const registerId of run.client.enrollments.keys()) {
      const catalogAt = run.client.calls.indexOf(`catalog ${registerId}`);
      const firstBatchAt = run.client.calls.indexOf(`batch ${registerId}`);
      expect(catalogAt).toBeGreaterThan(run.client.calls.indexOf(`enroll ${registerId}`));
      expect(firstBatchAt).toBeGreaterThan(catalogAt);
    }
  });

  it('sends batches that the contract accepts', () => {
    for (const { batch } of run.client.batches) expect(() => batchRequest.parse(batch)).not.toThrow();
    const ids = run.client.batches.map((b) => b.batch.batchId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('signs every record with the enrolled key and links each chain without a gap', () => {
    for (const [registerId, records] of run.byRegister) {
      const enrollment = run.client.enrollments.get(registerId);
      if (!enrollment) throw new Error('not enrolled');
      const publicKey = publicKeyFromRaw(enrollment.publicKey);
      const heads = new Map<RecordKind, ChainHead>();
      const lastAt = new Map<RecordKind, string>();
      for (const record of records) {
        expect(verifyRecord(publicKey, registerId, record)).toBe(true);
        expect(checkChainLink(heads.get(record.kind) ?? null, record)).toBeNull();
        heads.set(record.kind, { seq: record.seq, sig: record.sig });
        expect(record.at >= (lastAt.get(record.kind) ?? '')).toBe(true);
        lastAt.set(record.kind, record.at);
      }
    }
  });

  it('posts one batch per register and open business day, closures last', () => {
    const seen = new Set<string>();
    for (const { registerId, batch } of run.client.batches) {
      const daily = ofKind(batch.records, 'closure').find((c) => c.data.type === 1);
      if (!daily) throw new Error('a batch without its daily closure');
      const day = daily.data.startDay;
      expect(seen.has(`${registerId} ${day}`)).toBe(false);
      seen.add(`${registerId} ${day}`);
      const firstClosure = batch.records.findIndex((r) => r.kind === 'closure');
      expect(batch.records.slice(firstClosure).every((r) => r.kind === 'closure')).toBe(true);
      expect(
        ofKind(batch.records, 'closure')
          .map((c) => c.data.type)
          .slice(0, 2),
      ).toEqual([1, 2]);
      for (const o of ofKind(batch.records, 'order')) expect(o.data.businessDay).toBe(day);
      for (const s of ofKind(batch.records, 'service')) expect(s.data.businessDay).toBe(day);
    }
    const profile = profileFor('cafe');
    const cafeDays = [...seen].filter((k) => {
      const registerId = k.split(' ')[0] ?? '';
      return establishmentOf(run.companyOf.get(registerId) ?? '').activity === 'cafe';
    });
    expect(cafeDays.length).toBe(
      Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`).filter((d) =>
        isOpen(profile, d),
      ).length,
    );
  });

  it('keeps the money rules on every order, with a global discount spread onto line discounts', () => {
    for (const order of orders) expectOrderMoneyRules(order);
    expect(orders.some((o) => o.globalDiscount > 0)).toBe(true);
    expect(orders.some((o) => o.amountOfferedIvat > 0)).toBe(true);
    expect(orders.some((o) => o.lines.some((l) => l.parentId !== null))).toBe(true);
    expect(orders.some((o) => o.tracking.some((t) => t.action === 'update' && t.key === 'quantity'))).toBe(
      true,
    );
    expect(orders.some((o) => o.tracking.some((t) => t.action === 'update' && t.key === 'price'))).toBe(true);
    expect(orders.some((o) => o.payments.some((p) => p.removed))).toBe(true);
    expect(orders.some((o) => o.payments.some((p) => p.tip > 0))).toBe(true);
    expect(orders.some((o) => o.payments.filter((p) => !p.removed).length >= 2)).toBe(true);
  });

  it('cancels some orders after payment with a new order of negative quantities and amounts', () => {
    const byId = new Map(orders.map((o) => [o.id, o]));
    const cancellations = orders.filter((o) => o.cancelsOrderId !== null);
    expect(cancellations.length).toBeGreaterThan(5);
    for (const c of cancellations) {
      const original = byId.get(c.cancelsOrderId ?? '');
      if (!original) throw new Error('cancels an unknown order');
      expect(c.amountTotalIvat).toBe(-original.amountTotalIvat);
      expect(c.lines.every((l) => l.quantity < 0)).toBe(true);
      expect(c.closedAt > original.closedAt).toBe(true);
    }
  });

  it('taxes alcohol at 20 %, food on site at 10 % and sealed drinks to take away at 5.5 %', () => {
    const lines = orders.flatMap((o) => o.lines.map((l) => ({ ...l, activityType: o.activityType })));
    const rates = new Set(lines.map((l) => l.vatRateBp));
    expect(rates).toEqual(new Set([550, 1000, 2000]));
    for (const l of lines.filter((x) => /^(Pinte|Mojito$|Bolée|Morgon \(verre\))/.test(x.productName)))
      expect(l.vatRateBp).toBe(2000);
    for (const l of lines.filter((x) => x.vatRateBp === 550)) expect(l.activityType).not.toBe(1);
    expect(lines.some((l) => l.vatRateBp === 550 && l.productName.startsWith('Coca-Cola'))).toBe(true);
  });

  it('totals each service over its orders and counts the drawer as float + cash payments + movements', () => {
    const cashIds = new Set(
      [...run.client.catalogs.values()].flatMap((c) =>
        c.paymentTypes.filter((p) => p.isCash).map((p) => p.id),
      ),
    );
    for (const records of run.byRegister.values()) {
      const mine = ofKind(records, 'order').map((r) => r.data);
      const movements = ofKind(records, 'cash_movement').map((r) => r.data);
      const strips = new Map(ofKind(records, 'control_strip').map((r) => [r.data.serviceId, r.data]));
      for (const { data: service } of ofKind(records, 'service')) {
        const its = mine.filter((o) => o.serviceId === service.id);
        expectSameTotals(service, its);
        const byType = paymentsByType(its);
        expect(
          new Map(
            service.payments
              .filter((p) => p.amount !== 0 || p.overpayment !== 0)
              .map((p) => [p.paymentTypeId, { amount: p.amount, tips: p.overpayment }]),
          ),
        ).toEqual(new Map([...byType].filter(([, t]) => t.amount !== 0 || t.tips !== 0)));
        const cash = sum(
          its
            .flatMap((o) => o.payments)
            .filter((p) => !p.removed && cashIds.has(p.paymentTypeId))
            .map((p) => p.amount),
        );
        const moved = sum(movements.filter((m) => m.serviceId === service.id).map((m) => m.amount));
        expect(service.cashFloat).toBe(CASH_FLOAT);
        expect(service.expectedCash).toBe(service.cashFloat + cash + moved);
        expect(Math.abs(service.countedCash - service.expectedCash)).toBeLessThanOrEqual(2_000);
        const strip = strips.get(service.id);
        if (!strip) throw new Error('a service without its control strip');
        expect(
          new Set(strip.entries.filter((e) => e.documentType === 'sales').map((e) => e.salesDocumentId)),
        ).toEqual(new Set(its.map((o) => o.id)));
        expect(strip.entries.filter((e) => e.documentType === 'shift').map((e) => e.action)).toEqual([
          'ouverture',
          'impression',
          'fermeture',
        ]);
      }
    }
  });

  it('closes each day, month and the grand total from the register’s own records', () => {
    for (const records of run.byRegister.values()) {
      const services = new Map(ofKind(records, 'service').map((r) => [r.data.id, r.data]));
      const mine = ofKind(records, 'order').map((r) => r.data);
      let grandTotal = 0;
      let previous = -Infinity;
      const closures = ofKind(records, 'closure').map((r) => r.data);
      for (const closure of closures) {
        const its = closure.serviceIds
          .map((id) => services.get(id))
          .filter((s): s is ServiceData => s !== undefined);
        expect(its.length).toBe(closure.serviceIds.length);
        expectClosureMatchesServices(
          closure,
          its,
          mine.filter((o) => closure.serviceIds.includes(o.serviceId)),
        );
        if (closure.type === 1) grandTotal += closure.amountTotalIvat;
        expect(closure.grandTotalIvat).toBe(grandTotal);
        expect(closure.grandTotalIvat).toBeGreaterThanOrEqual(previous);
        previous = closure.grandTotalIvat;
      }
      const monthly = closures.filter((c) => c.type === 3);
      expect(monthly).toHaveLength(1);
      // The café is closed on Sunday 1 March: its first day, and so its month, starts on the 2nd.
      expect(monthly[0]).toMatchObject({ startDay: closures[0]?.startDay, endDay: '2026-03-31' });
      expect(closures.filter((c) => c.type === 4)).toHaveLength(1);
    }
  });

  it('files the bar’s orders after midnight under the business day that began the evening', () => {
    const bar = establishments.find((e) => e.activity === 'bar');
    const barOrders = [...run.byRegister]
      .filter(([registerId]) => run.companyOf.get(registerId) === bar?.companyId)
      .flatMap(([, records]) => ofKind(records, 'order').map((r) => r.data));
    const afterMidnight = barOrders.filter((o) => parisDayOf(Date.parse(o.closedAt)) !== o.businessDay);
    expect(afterMidnight.length).toBeGreaterThan(100);
    for (const o of afterMidnight) {
      const day = new Date(`${o.businessDay}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 1);
      expect(parisDayOf(Date.parse(o.closedAt))).toBe(day.toISOString().slice(0, 10));
    }
    expect(afterMidnight.some((o) => o.businessDay === '2026-03-28')).toBe(true);
  });

  it('keeps 340 customer accounts on each establishment’s main register, balances the running sum of operations', () => {
    const accounts = ofKind(all, 'customer_account').map((r) => r.data);
    expect(new Set(accounts.map((a) => a.id)).size).toBe(340);
    const mainSerials = new Set(establishments.map((e) => e.registers[0]?.serial));
    // The crêperie (standard edition) has open tabs only, each with a card number.
    const creperieIds = new Set(
      [...run.byRegister]
        .filter(([registerId]) => establishmentOf(run.companyOf.get(registerId)!).activity === 'creperie')
        .flatMap(([, records]) => ofKind(records, 'customer_account').map((r) => r.data.id)),
    );
    const creperieAccounts = accounts.filter((a) => creperieIds.has(a.id));
    expect(creperieAccounts).toHaveLength(40);
    expect(creperieAccounts.every((a) => a.type === 0 && a.cardNumber !== null)).toBe(true);
    for (const [registerId, records] of run.byRegister) {
      const ledger = [...ofKind(records, 'customer_account'), ...ofKind(records, 'customer_operation')];
      const isMain = mainSerials.has(run.client.enrollments.get(registerId)?.serial);
      expect(ledger.length > 0).toBe(isMain);
    }
    const operations = ofKind(all, 'customer_operation')
      .map((r) => r.data)
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const balances = new Map<string, number>();
    const typeOf = new Map(accounts.map((a) => [a.id, a.type]));
    const createdAt = new Map(accounts.map((a) => [a.id, a.at]));
    const byKind = new Map<CustomerOperationData['operation'], number>();
    for (const op of operations) {
      const balance = (balances.get(op.customerAccountId) ?? 0) + op.amount;
      expect(op.balanceAfter).toBe(balance);
      expect(op.at > (createdAt.get(op.customerAccountId) ?? '9')).toBe(true);
      if (typeOf.get(op.customerAccountId) === 1) expect(balance).toBeGreaterThanOrEqual(0);
      balances.set(op.customerAccountId, balance);
      byKind.set(op.operation, (byKind.get(op.operation) ?? 0) + 1);
    }
    expect(byKind.get('charge')).toBeGreaterThan(100);
    expect(byKind.get('payment')).toBeGreaterThan(10);
    expect(byKind.get('topup')).toBeGreaterThan(50);
    const orderById = new Map(orders.map((o) => [o.id, o]));
    for (const op of operations.filter((o) => o.operation === 'charge')) {
      const order = orderById.get(op.orderId ?? '');
      const paid = order?.payments.filter((p) => p.customerAccountId === op.customerAccountId && !p.removed);
      expect(sum(paid?.map((p) => p.amount) ?? [])).toBe(-op.amount);
      expect(order?.customerAccountId).toBe(op.customerAccountId);
    }
  });

  it('stays within each establishment’s daily volume and about three lines per order', () => {
    const perDay = new Map<Activity, Map<string, number>>();
    for (const [registerId, records] of run.byRegister) {
      const activity = establishmentOf(run.companyOf.get(registerId) ?? '').activity;
      const days = perDay.get(activity) ?? new Map<string, number>();
      for (const { data } of ofKind(records, 'order')) {
        if (data.cancelsOrderId === null) days.set(data.businessDay, (days.get(data.businessDay) ?? 0) + 1);
      }
      perDay.set(activity, days);
    }
    for (const [activity, days] of perDay) {
      const [min, max] = profileFor(activity).ordersPerDay;
      for (const n of days.values()) expect(n >= min && n <= max, `${activity}: ${n} orders`).toBe(true);
      const mean = sum([...days.values()]) / days.size;
      expect(mean).toBeGreaterThan(min + (max - min) * 0.2);
      expect(mean).toBeLessThan(max - (max - min) * 0.2);
    }
    const lines = sum(orders.map((o) => o.lines.length)) / orders.length;
    expect(lines).toBeGreaterThan(2.6);
    expect(lines).toBeLessThan(3.4);
  });

  it('takes orders on site, to take away and delivered, across rooms, with meal vouchers only at lunch', () => {
    const types = new Map<number, number>();
    for (const o of orders) types.set(o.activityType, (types.get(o.activityType) ?? 0) + 1);
    expect((types.get(1) ?? 0) / orders.length).toBeGreaterThan(0.7);
    expect(types.get(2)).toBeGreaterThan(100);
    expect(types.get(3)).toBeGreaterThan(50);
    expect(new Set(orders.map((o) => o.roomName))).toEqual(new Set(['Salle', 'Terrasse', 'Bar', null]));
    const voucherIds = new Set(
      [...run.client.catalogs.values()].flatMap((c) =>
        c.paymentTypes.filter((p) => p.code === 'TR').map((p) => p.id),
      ),
    );
    const withVouchers = orders.filter((o) => o.payments.some((p) => voucherIds.has(p.paymentTypeId)));
    expect(withVouchers.length).toBeGreaterThan(100);
    for (const o of withVouchers) {
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', {
          hour: '2-digit',
          hourCycle: 'h23',
          timeZone: 'Europe/Paris',
        }).format(new Date(o.openedAt)),
      );
      expect(hour).toBeGreaterThanOrEqual(11);
      expect(hour).toBeLessThan(15);
    }
  });

  it('prints a receipt for about 30 % of orders, with details and taxes matching the order', () => {
    const receipts = ofKind(all, 'receipt').map((r) => r.data);
    const byId = new Map(orders.map((o) => [o.id, o]));
    const first = receipts.filter((r) => r.name !== 'duplicata');
    expect(first.length / orders.length).toBeGreaterThan(0.25);
    expect(first.length / orders.length).toBeLessThan(0.35);
    expect(receipts.some((r) => r.name === 'duplicata')).toBe(true);
    for (const receipt of receipts) {
      const order = byId.get(receipt.orderId);
      if (!order) throw new Error('a receipt for an unknown order');
      expect(sum(receipt.details.map((d) => d.amount))).toBe(order.amountTotalIvat);
      expect(sum(receipt.taxes.map((t) => t.ivat))).toBe(order.amountTotalIvat);
      expect(sum(receipt.taxes.map((t) => t.tax))).toBe(order.amountTax);
    }
  });

  it('reports what it sent', () => {
    expect(run.stats.registers).toBe(7);
    expect(run.stats.days).toBe(31);
    expect(run.stats.batches).toBe(run.client.batches.length);
    expect(run.stats.records).toBe(all.length);
    expect(run.stats.orders).toBe(orders.length);
    expect(run.stats.turnoverIvat).toBe(sum(orders.map((o) => o.amountTotalIvat)));
    expect(run.stats.customerAccounts).toBe(340);
    expect(sum(Object.values(run.stats.byCompany).map((c) => c.orders))).toBe(orders.length);
  });
});

describe('the turn of the year', () => {
  let run: Collected;
  beforeAll(async () => {
    run = await simulate('2026-01-04', 10);
  });

  it('closes the year on 31 December with annual closures over the year’s services', () => {
    for (const records of run.byRegister.values()) {
      const closures = ofKind(records, 'closure').map((r) => r.data);
      const annual = closures.filter((c) => c.type === 5);
      expect(annual).toHaveLength(1);
      expect(annual[0]).toMatchObject({ startDay: '2025-12-26', endDay: '2025-12-31' });
      expect(closures.filter((c) => c.type === 6)).toHaveLength(1);
      const annualAt = closures.findIndex((c) => c.type === 5);
      expect(closures[annualAt - 1]?.type).toBe(4);
      expect(closures[annualAt - 2]?.type).toBe(3);
      const daily = closures.filter((c) => c.type === 1 && c.startDay <= '2025-12-31');
      expect(annual[0]?.amountTotalIvat).toBe(sum(daily.map((c) => c.amountTotalIvat)));
      expect(annual[0]?.grandTotalIvat).toBe(annual[0]?.amountTotalIvat);
    }
  });
});

describe('determinism', () => {
  const digest = (seed: number) => {
    const hash = crypto.createHash('sha256');
    for (const b of simulateBatches({ endDay: '2025-08-10', days: 4, seed }))
      hash.update(JSON.stringify(b.batch));
    return hash.digest('hex');
  };

  it('gives byte-identical batches for the same options and different ones for another seed', () => {
    const first = digest(11);
    expect(digest(11)).toBe(first);
    expect(digest(12)).not.toBe(first);
  });
});

describe('a larger establishment for the benches', () => {
  const ordersOf = (options: { establishments?: string[]; volume?: number }) => {
    const companies = new Set<string>();
    let orders = 0;
    for (const b of simulateBatches({
      endDay: '2025-08-10',
      days: 3,
      seed: 5,
      accounts: ['suite'],
      ...options,
    })) {
      companies.add(b.companyId);
      orders += b.batch.records.filter((r) => r.kind === 'order').length;
    }
    return { companies, orders };
  };

  it('simulates only the establishments asked for, three times as busy with volume 3', () => {
    const brasserie = demoAccounts().find((a) => a.key === 'suite')!.establishments[0]!;
    const normal = ordersOf({ establishments: [brasserie.key] });
    const larger = ordersOf({ establishments: [brasserie.key], volume: 3 });
    expect([...normal.companies]).toEqual([brasserie.companyId]);
    expect([...larger.companies]).toEqual([brasserie.companyId]);
    expect(larger.orders / normal.orders).toBeGreaterThan(2.6);
    expect(larger.orders / normal.orders).toBeLessThan(3.4);
  });
});

/** Every ISO instant anywhere in a value (envelope times, data times, tracking, lines, payments). */
function instantsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) instantsOf(item, out);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) instantsOf(item, out);
  }
  return out;
}

/** Verifies every batch's signatures and each (register, kind) chain across the batches, in order. */
function expectValidChains(options: SimulatorOptions, batches: SimulatedBatch[]): void {
  const publicKeys = new Map(new Simulator(options).registers.map((r) => [r.registerId, r.publicKey]));
  const heads = new Map<string, ChainHead>();
  const lastAt = new Map<string, string>();
  for (const { registerId, batch } of batches) {
    expect(() => batchRequest.parse(batch)).not.toThrow();
    const publicKey = publicKeyFromRaw(publicKeys.get(registerId) ?? '');
    for (const record of batch.records) {
      const chain = `${registerId} ${record.kind}`;
      expect(verifyRecord(publicKey, registerId, record)).toBe(true);
      expect(checkChainLink(heads.get(chain) ?? null, record)).toBeNull();
      expect(record.at >= (lastAt.get(chain) ?? '')).toBe(true);
      heads.set(chain, { seq: record.seq, sig: record.sig });
      lastAt.set(chain, record.at);
    }
  }
}

const endOfDayKinds = new Set<RecordKind>(['service', 'control_strip', 'closure']);

describe('a cutoff: until 13:00 in Paris on the last day (Tuesday 31 March 2026)', () => {
  const endDay = '2026-03-31';
  const options = { endDay, days: 4, seed: 7 };
  const until = '2026-03-31T11:00:00.000Z'; // 13:00 summer time
  let whole: SimulatedBatch[];
  let cut: SimulatedBatch[];
  const lastDay = (batches: SimulatedBatch[]) => batches.filter((b) => b.businessDay === endDay);

  beforeAll(() => {
    whole = [...simulateBatches(options)];
    cut = [...simulateBatches({ ...options, until })];
  });

  it('leaves the previous days byte-identical', () => {
    const before = (batches: SimulatedBatch[]) => batches.filter((b) => b.businessDay < endDay);
    expect(before(cut).length).toBeGreaterThan(10);
    expect(JSON.stringify(before(cut))).toBe(JSON.stringify(before(whole)));
  });

  it('has nothing on the last day later than until, not even inside a record', () => {
    const records = lastDay(cut).flatMap((b) => b.batch.records);
    expect(records.length).toBeGreaterThan(40);
    for (const record of records) {
      expect(record.at <= until).toBe(true);
      for (const at of instantsOf(record.data)) expect(Date.parse(at)).toBeLessThanOrEqual(Date.parse(until));
    }
  });

  it('keeps the morning’s orders but no service, control strip or closure: the day is still open', () => {
    const records = lastDay(cut).flatMap((b) => b.batch.records);
    const orders = ofKind(records, 'order');
    expect(orders.length).toBeGreaterThan(20);
    expect(records.filter((r) => endOfDayKinds.has(r.kind))).toEqual([]);
    const kinds = new Set(records.map((r) => r.kind));
    expect(kinds.has('receipt') && kinds.has('customer_account')).toBe(true);
    // Exactly the whole day's records up to until, signed the same: each chain was cut at its end.
    const sigs = new Set(records.map((r) => r.sig));
    const expected = lastDay(whole)
      .flatMap((b) => b.batch.records)
      .filter((r) => r.at <= until && !endOfDayKinds.has(r.kind));
    expect(expected.map((r) => r.sig).filter((sig) => !sigs.has(sig))).toEqual([]);
    expect(records.length).toBe(expected.length);
    expect(lastDay(whole).flatMap((b) => b.batch.records).length).toBeGreaterThan(2 * records.length);
  });

  it('sends no batch for a register with nothing before until, and a new batch id for a partial day', () => {
    // The bar opens at 18:00; the crêperie is closed on Tuesdays; the brasserie and the café are open.
    expect(new Set(lastDay(cut).map((b) => b.establishmentKey))).toEqual(
      new Set(
        lastDay(whole)
          .filter((b) => b.batch.records.some((r) => r.at <= until && !endOfDayKinds.has(r.kind)))
          .map((b) => b.establishmentKey),
      ),
    );
    expect(lastDay(cut).length).toBeLessThan(lastDay(whole).length);
    const wholeIds = new Set(whole.map((b) => b.batch.batchId));
    for (const b of lastDay(cut)) expect(wholeIds.has(b.batch.batchId)).toBe(false);
  });

  it('keeps every chain gap-free and every signature valid', () => {
    expectValidChains(options, cut);
  });

  it('leaves a lunch service that ended before until unclosed while the day goes on', () => {
    const afterLunch = '2026-03-31T14:00:00.000Z'; // 16:00: the café has closed, the brasserie has not
    const cafe = establishments.find((e) => e.activity === 'cafe')?.key;
    const brasserie = establishments.find((e) => e.activity === 'brasserie')?.key;
    const records = (batches: SimulatedBatch[], key: string | undefined) =>
      lastDay(batches)
        .filter((b) => b.establishmentKey === key)
        .flatMap((b) => b.batch.records);
    const early = [...simulateBatches({ ...options, until: afterLunch })];
    expect(ofKind(records(whole, brasserie), 'service').some((s) => s.at <= afterLunch)).toBe(true);
    expect(records(early, brasserie).some((r) => r.at > until)).toBe(true);
    expect(records(early, brasserie).filter((r) => endOfDayKinds.has(r.kind))).toEqual([]);
    expect(ofKind(records(early, cafe), 'closure').length).toBeGreaterThan(0);
    expect(JSON.stringify(records(early, cafe))).toBe(JSON.stringify(records(whole, cafe)));
  });

  it('generates no batch for the days after until', () => {
    const early = [...simulateBatches({ ...options, until: '2026-03-29T13:00:00+02:00' })];
    expect(early.some((b) => b.businessDay === '2026-03-29')).toBe(true);
    expect(early.filter((b) => b.businessDay > '2026-03-29')).toEqual([]);
    expectValidChains(options, early);
  });

  it('is passed on by runSimulation, as the demo loader does', async () => {
    const run = await simulate(endDay, 2, { until });
    const records = run.client.batches.flatMap((b) => b.batch.records);
    expect(records.every((r) => r.at <= until)).toBe(true);
    const direct = [...simulateBatches({ endDay, days: 2, seed: 7, until })];
    expect(run.stats.orders).toBe(
      ofKind(
        direct.flatMap((b) => b.batch.records),
        'order',
      ).length,
    );
    expect(run.stats.batches).toBe(direct.length);
  });

  it('refuses an until that is not an ISO instant with its offset', () => {
    for (const bad of ['2026-03-31', '2026-03-31T13:00:00', '2026-02-30T10:00:00Z', 'now', '']) {
      expect(() => new Simulator({ ...options, until: bad })).toThrow(RangeError);
    }
    expect(new Simulator({ ...options, until: '2026-03-31T13:00+02:00' }).until).toBe(Date.parse(until));
  });
});

describe('a cutoff at half past midnight (Saturday 28 March 2026)', () => {
  const options = { endDay: '2026-03-28', days: 2, seed: 7 };
  const until = '2026-03-29T00:30:00+01:00';
  let whole: SimulatedBatch[];
  let cut: SimulatedBatch[];

  beforeAll(() => {
    whole = [...simulateBatches(options)];
    cut = [...simulateBatches({ ...options, until })];
  });

  it('keeps the bar’s evening open while the other establishments’ day is closed whole', () => {
    const of = (batches: SimulatedBatch[], key: string) =>
      batches.filter((b) => b.businessDay === '2026-03-28' && b.establishmentKey === key);
    const bar = establishments.find((e) => e.activity === 'bar')?.key ?? '';
    const barRecords = of(cut, bar).flatMap((b) => b.batch.records);
    expect(ofKind(barRecords, 'order').some((o) => o.at > '2026-03-28T23:00:00.000Z')).toBe(true);
    expect(barRecords.filter((r) => endOfDayKinds.has(r.kind))).toEqual([]);
    expect(barRecords.every((r) => r.at <= '2026-03-28T23:30:00.000Z')).toBe(true);
    for (const e of establishments.filter((x) => x.activity !== 'bar')) {
      expect(JSON.stringify(of(cut, e.key))).toBe(JSON.stringify(of(whole, e.key)));
      expect(of(cut, e.key).every((b) => b.batch.records.some((r) => r.kind === 'closure'))).toBe(true);
    }
    expectValidChains(options, cut);
  });
});
