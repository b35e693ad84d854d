import { addCalendarDays, calendarMonthEnd, calendarMonthStart } from '@comptoir/contracts';
import type { CashMovementData, ClosureType, ControlStripData, PosUser } from '@comptoir/contracts';
import type { EstablishmentCatalog, PaymentCode } from './catalog';
import { firstDayOfYear, lastDayOfYear, toIso } from './dates';
import type { BusinessDay, DayService } from './day';
import { formatEuros, taxesByRate } from './money';
import { tracking } from './orders';
import { isOpen, type EstablishmentProfile } from './profiles';
import { closureRecord, Totals, type Period, type RegisterState } from './register';

/** The cash float each service starts with. */
export const CASH_FLOAT = 15_000;

const SECOND = 1000;
const MINUTE = 60_000;

const EXPENSES = [
  'Achat de citrons',
  'Achat de pain',
  'Achat de glaçons',
  'Timbres',
  'Pourboire livreur',
  'Achat de fleurs',
];

export interface ClosingContext {
  catalog: EstablishmentCatalog;
  profile: EstablishmentProfile;
  appVersion: string;
}

/** True when the establishment does not open again before `periodEnd` (inclusive). */
export function isLastOpenDayUntil(profile: EstablishmentProfile, day: string, periodEnd: string): boolean {
  for (let d = addCalendarDays(day, 1); d <= periodEnd; d = addCalendarDays(d, 1))
    if (isOpen(profile, d)) return false;
  return true;
}

function movement(
  ctx: ClosingContext,
  d: BusinessDay,
  service: DayService,
  at: number,
  amount: number,
  notice: string,
): CashMovementData {
  const id = d.rng.uuid();
  return {
    id,
    serviceId: service.id,
    businessDay: d.day,
    at: toIso(at),
    amount,
    notice,
    paymentTypeId: ctx.catalog.paymentTypes.cash.id,
    device: service.register.serial,
    user: service.openedBy,
    appVersion: ctx.appVersion,
    tracking: [tracking(d.rng, { action: 'create', tableName: 'cash_movement', tableId: id, at })],
  };
}

/**
 * Closes a service: cash movements (change brought in, an expense, the bank deposit at the end),
 * the expected cash (float + cash payments + movements) against the counted cash, the service
 * record with totals over its orders, and its control strip. Returns the service's totals.
 */
export function closeService(ctx: ClosingContext, d: BusinessDay, service: DayService): Totals {
  const { rng } = d;
  const { catalog } = ctx;
  const register = service.register;
  if (rng.chance(0.12)) {
    const at = service.openedAt + rng.int(1, 5) * MINUTE;
    service.movements.push(movement(ctx, d, service, at, rng.pick([5_000, 10_000]), 'Apport de monnaie'));
  }
  if (rng.chance(0.1)) {
    const span = service.scheduledEnd - service.openedAt;
    const at = service.openedAt + Math.floor((rng.next() * span) / SECOND) * SECOND;
    const notice = `Dépense : ${rng.pick(EXPENSES)}`;
    service.movements.push(movement(ctx, d, service, at, -rng.int(300, 4_000), notice));
  }
  for (const m of service.movements) service.lastAt = Math.max(service.lastAt, Date.parse(m.at));

  const closedAt =
    Math.max(service.scheduledEnd, service.lastAt) + rng.int(5, 12) * MINUTE + rng.int(0, 59) * SECOND;
  const cashId = catalog.paymentTypes.cash.id;
  let cashSales = 0;
  for (const order of service.orders) {
    for (const p of order.payments) if (!p.removed && p.paymentTypeId === cashId) cashSales += p.amount;
  }
  const moved = () => service.movements.reduce((s, m) => s + m.amount, 0);
  const surplus = cashSales + moved();
  if (surplus >= 1_000 && rng.chance(0.7)) {
    const deposit = -Math.floor(surplus / 1_000) * 1_000;
    service.movements.push(movement(ctx, d, service, closedAt - 2 * MINUTE, deposit, 'Remise en banque'));
  }
  for (const m of service.movements) {
    d.emit({ kind: 'cash_movement', at: Date.parse(m.at), data: m }, register, service);
  }
  const expectedCash = CASH_FLOAT + cashSales + moved();
  const r = rng.next();
  const countingError =
    r < 0.84 ? 0 : (rng.chance(0.5) ? -1 : 1) * (r < 0.95 ? rng.int(1, 99) : rng.int(1, 20) * 100);
  const countedCash = expectedCash + countingError;

  const totals = new Totals();
  const codeOf = new Map(
    Object.entries(catalog.paymentTypes).map(([code, t]) => [t.id, code as PaymentCode]),
  );
  for (const order of service.orders) {
    totals.addOrder(order, (id) => codeOf.get(id) ?? 'card', taxesByRate(order.lines));
  }
  for (const credit of service.credits) totals.addCredit('credit', credit.amount);

  register.serviceNumber += 1;
  const number = register.serviceNumber;
  const openTrace = {
    action: 'create',
    tableName: 'service',
    tableId: service.id,
    at: service.openedAt,
  } as const;
  const closeTrace = {
    ...openTrace,
    action: 'update',
    at: closedAt,
    key: 'closing_date',
    value: toIso(closedAt),
  } as const;
  d.emit(
    {
      kind: 'service',
      at: closedAt,
      data: {
        id: service.id,
        number,
        businessDay: d.day,
        openedAt: toIso(service.openedAt),
        closedAt: toIso(closedAt),
        openedBy: service.openedBy,
        closedBy: service.closedBy,
        cashFloat: CASH_FLOAT,
        expectedCash,
        countedCash,
        ...totals.amounts(),
        payments: totals.paymentTotals(catalog),
        appVersion: ctx.appVersion,
        device: register.serial,
        tracking: [tracking(rng, openTrace), tracking(rng, closeTrace)],
      },
    },
    register,
    service,
  );

  const label = `Service n°${number} (${service.profile.name})`;
  const entry = (
    documentType: 'shift' | 'sales',
    at: number,
    documentName: string,
    action: string,
    description: string,
    user: PosUser,
    salesDocumentId: string | null = null,
  ): ControlStripData['entries'][number] => ({
    id: rng.uuid(),
    documentType,
    at: toIso(at),
    documentName,
    action,
    description,
    deviceId: register.serial,
    user,
    salesDocumentId,
  });
  const sales = [...service.orders].sort((a, b) => a.number - b.number);
  const entries = [
    entry(
      'shift',
      service.openedAt,
      label,
      'ouverture',
      `Fond de caisse ${formatEuros(CASH_FLOAT)}`,
      service.openedBy,
    ),
    ...sales.map((o) => {
      const where = o.tableName ?? (o.activityType === 3 ? 'Livraison' : 'À emporter');
      const action = o.cancelsOrderId ? 'annulation' : 'encaissement';
      const description = `${where} : ${formatEuros(o.amountTotalIvat)}`;
      return entry(
        'sales',
        Date.parse(o.closedAt),
        `Ticket n°${o.number}`,
        action,
        description,
        o.user,
        o.id,
      );
    }),
    entry(
      'shift',
      closedAt - MINUTE,
      `Rapport X ${label}`,
      'impression',
      `Total ${formatEuros(totals.amountTotalIvat)} TTC`,
      service.closedBy,
    ),
    entry(
      'shift',
      closedAt,
      label,
      'fermeture',
      `Espèces attendues ${formatEuros(expectedCash)}, comptées ${formatEuros(countedCash)}`,
      service.closedBy,
    ),
  ];
  d.emit(
    {
      kind: 'control_strip',
      at: closedAt + SECOND,
      data: { id: rng.uuid(), serviceId: service.id, entries },
    },
    register,
    service,
  );
  return totals;
}

/**
 * The register's closures after its last record of the day: daily (type 1) and its perpetual grand
 * total (type 2), then monthly (3, 4) and annual (5, 6) on the last day the establishment opens in
 * the month or year. Every type carries the totals of the services it covers; `grandTotalIvat` is
 * the register's cumulative total since its first record.
 */
export function closeDay(
  ctx: ClosingContext,
  d: BusinessDay,
  register: RegisterState,
  totalsByService: Map<DayService, Totals>,
): void {
  const { rng, day } = d;
  const services = d.servicesOf(register);
  const pending = d.pendingOf(register);
  const dayTotals = new Totals();
  for (const s of services) dayTotals.addTotals(totalsByService.get(s) ?? new Totals());
  register.grandTotal += dayTotals.amountTotalIvat;
  register.firstDay ??= day;
  const openingDate = services[0]?.openedAt ?? 0;
  const closingDate = pending.reduce((m, p) => Math.max(m, p.at), 0) + rng.int(60, 180) * SECOND;
  const serviceIds = services.map((s) => s.id);
  const firstDay = register.firstDay;
  const period = (start: string): Period => ({
    startDay: start > firstDay ? start : firstDay,
    openingDate,
    serviceIds: [],
    totals: new Totals(),
  });
  register.month ??= period(calendarMonthStart(day));
  register.year ??= period(firstDayOfYear(day));
  for (const p of [register.month, register.year]) {
    p.serviceIds.push(...serviceIds);
    p.totals.addTotals(dayTotals);
  }
  const close = (type: ClosureType, endDay: string, p: Period) =>
    pending.push({
      kind: 'closure',
      at: closingDate,
      data: closureRecord({
        id: rng.uuid(),
        type,
        startDay: p.startDay,
        endDay,
        openingDate: p.openingDate,
        closingDate,
        totals: p.totals,
        grandTotal: register.grandTotal,
        serviceIds: p.serviceIds,
        catalog: ctx.catalog,
      }),
    });
  const daily: Period = { startDay: day, openingDate, serviceIds, totals: dayTotals };
  close(1, day, daily);
  close(2, day, daily);
  const monthEnd = calendarMonthEnd(day);
  if (isLastOpenDayUntil(ctx.profile, day, monthEnd)) {
    close(3, monthEnd, register.month);
    close(4, monthEnd, register.month);
    register.month = null;
  }
  const yearEnd = lastDayOfYear(day);
  if (isLastOpenDayUntil(ctx.profile, day, yearEnd)) {
    close(5, yearEnd, register.year);
    close(6, yearEnd, register.year);
    register.year = null;
  }
}
