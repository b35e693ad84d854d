// Over 400 lines: one class, an establishment's simulated day (services, orders, customers, interventions, closures), whose steps share its state.
import { calendarMonthEnd, dayOfWeek, parisTimeToUtcMs } from '@comptoir/contracts';
import type { BatchRequest, CreditData, OrderData, PosUser, RecordKind } from '@comptoir/contracts';
import { establishmentCatalog, type EstablishmentCatalog } from './catalog';
import { closeDay, closeService, isLastOpenDayUntil } from './closing';
import { CustomerLedger, type BackOfficeChanges, type CustomerEvent, type CustomerState } from './customers';
import { isPublicHoliday, monthOf, toIso, yearOf } from './dates';
import { BusinessDay, type DayService } from './day';
import type { AccountKey, DemoAccount, DemoEstablishment } from './identity';
import { cancellationOf, draftOrder, payOrder, receiptOf, tracking, type OrderContext } from './orders';
import { dayFactor, isOpen, profileFor, type EstablishmentProfile, type ServiceProfile } from './profiles';
import { Random, uuidFromName } from './random';
import { registerKeyPair, RegisterState, type Totals } from './register';

export const APP_VERSION = '4.2.0';

const SECOND = 1000;
const MINUTE = 60_000;
/** About three or four visits of a technician a year per establishment. */
const INTERVENTION_CHANCE = 0.01;
/** What a register records when a service or the day ends: none while the day is still open. */
const END_OF_DAY_KINDS: ReadonlySet<RecordKind> = new Set(['service', 'control_strip', 'closure']);

/** One register's records of one business day, ready for `POST /pos/v1/registers/{id}/batches`. */
export interface SimulatedBatch {
  accountKey: AccountKey;
  establishmentKey: string;
  companyId: string;
  registerKey: string;
  registerId: string;
  businessDay: string;
  batch: BatchRequest;
}

/** Default register id when no server assigned one: fixed per register key. */
export function defaultRegisterId(registerKey: string): string {
  return uuidFromName(`register/${registerKey}`);
}

const TECHNICIAN: PosUser = {
  id: uuidFromName('staff/technician'),
  firstname: 'Support',
  lastname: 'Comptoir',
};

/** An order waiting for its payment, which is settled in time order with the customer accounts. */
interface Draft {
  at: number;
  order: OrderData;
  service: DayService;
  customer: CustomerState | null;
  mealVouchers: number;
}

function sampleOpening(rng: Random, sp: ServiceProfile): number {
  for (let tries = 0; tries < 20; tries++) {
    const peak = rng.weighted(sp.peaks.map((p) => [p, p.weight] as const));
    const t = rng.normal(peak.at, peak.sd);
    if (t >= sp.start && t <= sp.lastOrder) return t;
  }
  return sp.start + rng.next() * (sp.lastOrder - sp.start);
}

/** One establishment: its registers, menu, customers and the patterns of its days. */
export class EstablishmentSim {
  readonly catalog: EstablishmentCatalog;
  readonly profile: EstablishmentProfile;
  readonly registers: RegisterState[];
  private readonly customers: CustomerLedger;
  private readonly serviceWeights: (readonly [ServiceProfile, number])[];
  private readonly activityWeights: (readonly [1 | 2 | 3, number])[];
  private readonly managers: PosUser[];
  private readonly floorStaff: PosUser[];
  private readonly seed: number;
  /** Epoch ms after which nothing is generated, or null. */
  private readonly until: number | null;
  /** Set once a day went past `until`: later days give nothing. */
  private ended = false;
  private appVersion = APP_VERSION;
  private interventions = 0;
  private readonly volume: number;

  constructor(
    readonly account: DemoAccount,
    readonly establishment: DemoEstablishment,
    options: {
      seed: number;
      days: readonly string[];
      registerIds: Record<string, string>;
      until: number | null;
      /** Orders per day multiplied by this (1: the profile's). */
      volume?: number;
    },
  ) {
    const { seed, days, registerIds } = options;
    this.seed = seed;
    this.until = options.until;
    this.volume = options.volume ?? 1;
    this.catalog = establishmentCatalog(establishment);
    this.profile = profileFor(establishment.activity);
    this.registers = establishment.registers.map((r, index) => {
      const registerId = registerIds[r.key] ?? defaultRegisterId(r.key);
      return new RegisterState(r.key, index, registerId, r.name, r.serial, registerKeyPair(seed, r.key));
    });
    this.customers = new CustomerLedger(this.catalog, this.profile, establishment, seed, days);
    this.serviceWeights = this.profile.services.map((s) => [s, s.share] as const);
    const [onSite, takeaway, delivery] = this.profile.activityMix;
    this.activityWeights = [
      [1, onSite],
      [2, takeaway],
      [3, delivery],
    ];
    const user = (s: { id: string; firstname: string; lastname: string }): PosUser => ({
      id: s.id,
      firstname: s.firstname,
      lastname: s.lastname,
    });
    this.managers = this.catalog.staff
      .filter((s) => s.role === 'gérant' || s.role === 'responsable')
      .map(user);
    this.floorStaff = this.catalog.staff
      .filter((s) => s.role === 'serveur' || s.role === 'barman' || s.role === 'responsable')
      .map(user);
  }

  /** What the back office changed, as the establishment's registers learn it from the server. */
  applyBackOffice(changes: BackOfficeChanges): void {
    this.customers.applyBackOffice(changes);
  }

  private get mainRegister(): RegisterState {
    const main = this.registers[0];
    if (!main) throw new Error(`${this.establishment.key} has no register`);
    return main;
  }

  /**
   * Every register's batch for one business day (none when the establishment is closed). The day
   * that goes past `until` is generated whole, then each register keeps only its records up to
   * `until` and none of its end-of-day records, before signing: the chains stay gap-free, the kept
   * records are the same as in the whole day, and the day stays open. Later days give nothing.
   */
  simulateDay(day: string): SimulatedBatch[] {
    if (this.ended || !isOpen(this.profile, day)) return [];
    const d = new BusinessDay(day, new Random(this.seed, 'day', this.establishment.key, day), this.registers);
    const teams = this.openServices(d);
    const first = this.profile.services[0];
    if (!first) throw new Error(`${this.establishment.key} has no service`);
    const opening = d.serviceOf(first, 0);
    if (d.rng.chance(INTERVENTION_CHANCE)) this.intervene(d, opening);
    const ctx: OrderContext = { rng: d.rng, catalog: this.catalog, appVersion: this.appVersion };

    const events: (CustomerEvent | Draft)[] = [
      ...this.customers.open(d, opening),
      ...this.customers.settlements(
        d,
        d.servicesOf(this.mainRegister),
        isLastOpenDayUntil(this.profile, day, calendarMonthEnd(day)),
      ),
      ...this.takeOrders(d, ctx, teams),
    ];
    events.sort((a, b) => a.at - b.at);
    for (const event of events) {
      if ('order' in event) this.pay(d, ctx, event);
      else this.customers.apply(d, event);
    }
    for (const service of d.services) {
      this.cancelSome(d, ctx, service);
      this.printReceipts(d, ctx, service);
      this.issueCredit(d, service);
    }
    this.number(d);

    const closing = { catalog: this.catalog, profile: this.profile, appVersion: this.appVersion };
    const totals = new Map<DayService, Totals>(d.services.map((s) => [s, closeService(closing, d, s)]));
    for (const register of this.registers) closeDay(closing, d, register, totals);

    const until = this.until;
    const open = until !== null && this.registers.some((r) => d.pendingOf(r).some((p) => p.at > until));
    if (open) this.ended = true;
    const batches: SimulatedBatch[] = [];
    for (const register of this.registers) {
      const pending = open
        ? d.pendingOf(register).filter((p) => p.at <= until && !END_OF_DAY_KINDS.has(p.kind))
        : d.pendingOf(register);
      if (pending.length === 0) continue;
      // A partial day is another batch than the whole day: a server must not take one for the other.
      const batchName = `batch/${this.seed}/${register.key}/${day}${open ? `/until/${toIso(until)}` : ''}`;
      batches.push({
        accountKey: this.account.key,
        establishmentKey: this.establishment.key,
        companyId: this.establishment.companyId,
        registerKey: register.key,
        registerId: register.registerId,
        businessDay: day,
        batch: { batchId: uuidFromName(batchName), records: register.sign(pending) },
      });
    }
    return batches;
  }

  /** Every register opens every service of the day; a team of the floor staff works each service. */
  private openServices(d: BusinessDay): Map<ServiceProfile, PosUser[]> {
    const { rng, day } = d;
    const teams = new Map<ServiceProfile, PosUser[]>();
    for (const sp of this.profile.services) {
      const size = Math.max(2, Math.ceil(this.floorStaff.length / 2));
      teams.set(sp, rng.shuffle(this.floorStaff).slice(0, size));
      for (const register of this.registers) {
        const openedAt = parisTimeToUtcMs(day, sp.start - rng.int(10, 20)) + rng.int(0, 59) * SECOND;
        d.services.push({
          profile: sp,
          register,
          id: rng.uuid(),
          openedAt,
          scheduledEnd: parisTimeToUtcMs(day, sp.end),
          openedBy: rng.pick(this.managers),
          closedBy: rng.pick(this.managers),
          orders: [],
          receipts: [],
          movements: [],
          credits: [],
          lastAt: openedAt,
        });
      }
    }
    return teams;
  }

  private dailyOrders(d: BusinessDay): number {
    const min = this.profile.ordersPerDay[0] * this.volume;
    const max = this.profile.ordersPerDay[1] * this.volume;
    const expected = ((min + max) / 2) * dayFactor(this.profile, d.day) * (0.92 + 0.16 * d.rng.next());
    return Math.min(max, Math.max(min, Math.round(expected)));
  }

  /**
   * The day's orders with their lines: service by share, arrival time by the service's peaks, on
   * site in a room (terrace by season) or to take away or delivered, party size, stay, waiter.
   */
  private takeOrders(d: BusinessDay, ctx: OrderContext, teams: Map<ServiceProfile, PosUser[]>): Draft[] {
    const { rng, day } = d;
    const { profile, catalog } = this;
    const terrace = profile.terraceShare[monthOf(day) - 1] ?? 0;
    const roomWeights = catalog.rooms.map(
      (room) => [room, room.name === 'Terrasse' ? terrace : (1 - terrace) * room.indoorShare] as const,
    );
    const weekday = dayOfWeek(day);
    // Titres-restaurant are not accepted on Sundays and public holidays.
    const voucherChance = weekday === 0 || isPublicHoliday(day) ? 0 : weekday === 6 ? 0.06 : 0.2;
    const drafts: Draft[] = [];
    const count = this.dailyOrders(d);
    for (let i = 0; i < count; i++) {
      const sp = rng.weighted(this.serviceWeights);
      const openMinute = sampleOpening(rng, sp);
      const activityType = rng.weighted(this.activityWeights);
      const room = activityType === 1 ? rng.weighted(roomWeights) : null;
      const service = d.serviceOf(sp, room ? room.register : profile.takeawayRegister);
      const covers = room ? rng.weighted(room.covers) : 0;
      const openedAt = parisTimeToUtcMs(day, Math.floor(openMinute)) + rng.int(0, 59) * SECOND;
      const [minStay, maxStay] =
        activityType === 2
          ? [1, 6]
          : activityType === 3
            ? [4, 12]
            : room?.name === 'Bar'
              ? [Math.max(3, Math.round(sp.onSiteMinutes[0] / 3)), Math.round(sp.onSiteMinutes[1] / 2)]
              : sp.onSiteMinutes;
      // Late tables leave when the service winds down, not all at the same minute.
      const windDown = parisTimeToUtcMs(day, sp.end + rng.int(5, 30)) + rng.int(0, 59) * SECOND;
      const stay = rng.int(minStay, maxStay) * MINUTE + rng.int(0, 59) * SECOND;
      const closedAt = Math.max(openedAt + 2 * MINUTE, Math.min(openedAt + stay, windDown));
      const courses = sp.courses.find((c) => openMinute < c.until) ?? sp.courses[sp.courses.length - 1];
      if (!courses) throw new Error(`service ${sp.key} has no courses`);
      const order = draftOrder(ctx, {
        id: rng.uuid(),
        serviceId: service.id,
        businessDay: day,
        openedAt,
        closedAt,
        activityType,
        room: room ? { id: room.id, name: room.name, table: rng.pick(room.tables).name } : null,
        covers,
        user: rng.pick(teams.get(sp) ?? this.floorStaff),
        courses:
          activityType !== 1
            ? courses.takeaway
            : room?.name === 'Bar' && sp.counter
              ? sp.counter
              : courses.onSite,
        happyHour: activityType === 1 && sp.happyHourUntil !== undefined && openMinute < sp.happyHourUntil,
      });
      const customer =
        activityType === 1 && rng.chance(profile.customerAccountOrderChance)
          ? this.customers.pick(rng, openedAt)
          : null;
      const inVoucherWindow =
        sp.mealVouchersFrom !== undefined &&
        openMinute >= sp.mealVouchersFrom &&
        openMinute < (sp.mealVouchersUntil ?? 24 * 60);
      service.orders.push(order);
      drafts.push({
        at: closedAt,
        order,
        service,
        customer,
        mealVouchers: inVoucherWindow ? voucherChance : 0,
      });
    }
    return drafts;
  }

  /** Pays an order when it closes, on a customer account when a regular asks for it. */
  private pay(d: BusinessDay, ctx: OrderContext, draft: Draft): void {
    const { order, service, customer } = draft;
    let account: { id: string; amount: number } | undefined;
    let isRefusedOnAccount = false;
    if (customer && order.amountTotalIvat > 0) {
      const amount = this.customers.portion(d, customer, order, service);
      isRefusedOnAccount = this.customers.refusesCharge(customer, amount);
      if (!isRefusedOnAccount) {
        account = { id: customer.identity.id, amount };
        order.customerAccountId = customer.identity.id;
      }
    }
    const plan = {
      mealVouchers: isRefusedOnAccount ? 0 : draft.mealVouchers,
      // Refused on the account (ca_no_negative), the order is paid by card instead.
      cashShare: isRefusedOnAccount ? 0 : this.profile.cashShare,
      tipChance: service.profile.tipChance,
      account,
    };
    payOrder(ctx, order, plan, { card: `TPE-${service.register.serial}`, drawer: service.register.serial });
    d.emit({ kind: 'order', at: draft.at, data: order }, service.register, service);
    if (customer && account) this.customers.charge(d, customer, order, service, account.amount);
  }

  /** A few paid orders are cancelled afterwards by a manager: refunded by card or cash, never on an account. */
  private cancelSome(d: BusinessDay, ctx: OrderContext, service: DayService): void {
    const { rng } = d;
    const { paymentTypes } = this.catalog;
    const refundable = new Set([paymentTypes.card.id, paymentTypes.cash.id]);
    const latest = service.scheduledEnd + 20 * MINUTE;
    for (const order of [...service.orders]) {
      if (!rng.chance(0.006)) continue;
      const paid = order.payments.filter((p) => !p.removed);
      const closedAt = Date.parse(order.closedAt);
      const eligible =
        order.amountTotalIvat > 0 &&
        order.customerAccountId === null &&
        paid.length > 0 &&
        paid.every((p) => refundable.has(p.paymentTypeId) && p.tip === 0) &&
        closedAt + 2 * MINUTE < latest;
      if (!eligible) continue;
      const at = Math.min(latest, closedAt + rng.int(3, 30) * MINUTE);
      const cancellation = cancellationOf(ctx, order, { id: rng.uuid(), at, user: service.openedBy });
      service.orders.push(cancellation);
      d.emit({ kind: 'order', at, data: cancellation }, service.register, service);
    }
  }

  /** A ticket for about 30 % of orders (an invoice for companies on account), a few reprints. */
  private printReceipts(d: BusinessDay, ctx: OrderContext, service: DayService): void {
    const { rng } = d;
    for (const order of service.orders) {
      if (!rng.chance(order.cancelsOrderId !== null ? 0.6 : 0.3)) continue;
      const at = Date.parse(order.closedAt) + rng.int(2, 30) * SECOND;
      const isCompany = this.customers.isCompany(order.customerAccountId);
      const name = isCompany && rng.chance(0.7) ? 'facture' : rng.chance(0.05) ? 'note' : 'ticket';
      const receipt = receiptOf(ctx, order, { at, name, user: order.user });
      service.receipts.push(receipt);
      d.emit({ kind: 'receipt', at, data: receipt }, service.register, service);
      if (rng.chance(0.04)) {
        const again = at + rng.int(2, 25) * MINUTE;
        const duplicate = receiptOf(ctx, order, { at: again, name: 'duplicata', user: service.openedBy });
        service.receipts.push(duplicate);
        d.emit({ kind: 'receipt', at: again, data: duplicate }, service.register, service);
      }
    }
  }

  /** Now and then a credit note after a complaint or as a gift. */
  private issueCredit(d: BusinessDay, service: DayService): void {
    const { rng } = d;
    if (!rng.chance(0.025)) return;
    const sales = service.orders.filter((o) => o.cancelsOrderId === null && o.amountTotalIvat > 0);
    if (sales.length === 0) return;
    const order = rng.pick(sales);
    const at = Date.parse(order.closedAt) + rng.int(1, 10) * MINUTE;
    const id = rng.uuid();
    const data: CreditData = {
      id,
      serviceId: service.id,
      businessDay: order.businessDay,
      at: toIso(at),
      amount: Math.min(order.amountTotalIvat, rng.int(5, 30) * 100),
      notice: rng.pick([
        'Avoir : plat non conforme',
        'Avoir : geste commercial',
        'Avoir : attente trop longue',
        'Bon d’achat anniversaire',
      ]),
      orderId: order.id,
      customerAccountId: order.customerAccountId,
      paymentTypeId: this.catalog.paymentTypes.credit.id,
      user: service.openedBy,
      appVersion: order.appVersion,
      tracking: [tracking(rng, { action: 'create', tableName: 'credit', tableId: id, at })],
    };
    service.credits.push(data);
    d.emit({ kind: 'credit', at, data }, service.register, service);
  }

  /** Ticket and receipt numbers run on per register, in the order of the day. */
  private number(d: BusinessDay): void {
    for (const register of this.registers) {
      const services = d.servicesOf(register);
      const orders = services.flatMap((s) => s.orders.map((o) => [Date.parse(o.closedAt), o] as const));
      orders.sort((a, b) => a[0] - b[0]);
      for (const [, order] of orders) order.number = ++register.orderNumber;
      const receipts = services.flatMap((s) => s.receipts.map((r) => [Date.parse(r.printedAt), r] as const));
      receipts.sort((a, b) => a[0] - b[0]);
      for (const [, receipt] of receipts) receipt.number = ++register.receiptNumber;
    }
  }

  /** A technician before opening: a software update (new app version from now on) or a repair. */
  private intervene(d: BusinessDay, service: DayService): void {
    const { rng } = d;
    const at = service.openedAt - rng.int(25, 60) * MINUTE;
    const kind = rng.pick(['update', 'printer', 'terminal', 'drawer'] as const);
    let comment: string;
    if (kind === 'update') {
      const [major, minor, patch] = this.appVersion.split('.').map(Number);
      const next = `${major ?? 4}.${minor ?? 2}.${(patch ?? 0) + 1}`;
      comment = `Mise à jour logicielle ${this.appVersion} → ${next}`;
      this.appVersion = next;
    } else {
      comment = {
        printer: 'Remplacement de l’imprimante ticket (tête d’impression usée)',
        terminal: 'Réappairage du terminal de paiement après remplacement',
        drawer: 'Réparation du tiroir-caisse (serrure bloquée)',
      }[kind];
    }
    const data = {
      id: rng.uuid(),
      at: toIso(at),
      caseId: `INT-${yearOf(d.day)}-${String(++this.interventions).padStart(4, '0')}`,
      tableName: 'cash_register',
      tableId: service.register.registerId,
      user: TECHNICIAN,
      comment,
    };
    d.emit({ kind: 'technical_intervention', at, data }, service.register, null);
  }
}
