import type {
  CustomerAccountChangesResponse,
  CustomerAccountData,
  CustomerOperationData,
  OrderData,
  PosUser,
} from '@comptoir/contracts';
import type { EstablishmentCatalog, PaymentCode } from './catalog';
import { toIso } from './dates';
import type { BusinessDay, DayService } from './day';
import type { DemoEstablishment } from './identity';
import { tracking } from './orders';
import { customerIdentity } from './people';
import { isOpen, type EstablishmentProfile } from './profiles';
import { Random } from './random';

const SECOND = 1000;
const MINUTE = 60_000;

export interface CustomerState {
  identity: Omit<CustomerAccountData, 'tracking' | 'at'>;
  type: 0 | 1;
  /** How often the customer comes back, relative to the others. */
  weight: number;
  balance: number;
  createdAt: number | null;
  lastOpAt: number;
  /** Removed in the back office: never picked or charged again. */
  isRemoved: boolean;
}

/** The back-office options a register obeys (spec 3 §3), once it has learnt them from the server. */
export interface CustomerPolicy {
  /** ca_no_negative: a charge may not leave a balance below zero. */
  noNegative: boolean;
  /** ca_no_up_amount: a settlement never pays more than the debt. */
  noUpAmount: boolean;
}

/**
 * What the back office sent the register (`GET /pos/v1/customer-accounts`); `operations` are the
 * payments it recorded outside the till, which the register applies to its balances once.
 */
export type BackOfficeChanges = Pick<CustomerAccountChangesResponse, 'accounts' | 'removedIds' | 'options'> &
  Partial<Pick<CustomerAccountChangesResponse, 'operations'>>;

/** A movement on an account that happens at a set time of the day, apart from any order. */
export interface CustomerEvent {
  at: number;
  type: 'topup' | 'settle';
  customer: CustomerState;
  service: DayService;
}

/**
 * An establishment's customer accounts and their running balances, kept by its main register:
 * accounts and operations are records of that register, applied in time order so that each
 * `balanceAfter` follows the previous one.
 */
export class CustomerLedger {
  private readonly customers: CustomerState[] = [];
  private readonly byId = new Map<string, CustomerState>();
  private readonly creations = new Map<string, CustomerState[]>();
  /** Null until the register has heard from the back office: it then behaves as it always did. */
  private policy: CustomerPolicy | null = null;
  /** The back office's operations already applied (each arrives once, but is applied once at most). */
  private readonly applied = new Set<string>();

  /**
   * 60 % of the accounts exist from the first simulated day (taken over from the previous till),
   * the rest open evenly over the period, so any simulated span ends with all of them.
   */
  constructor(
    private readonly catalog: EstablishmentCatalog,
    profile: EstablishmentProfile,
    establishment: DemoEstablishment,
    seed: number,
    days: readonly string[],
  ) {
    const n = profile.customerAccounts;
    const openDays = days.filter((d) => isOpen(profile, d));
    if (n === 0 || openDays.length === 0) return;
    const rng = new Random(seed, 'customers', establishment.key);
    const initial = Math.round(n * 0.6);
    for (let i = 0; i < n; i++) {
      const type = rng.chance(profile.preloadedAccountShare) ? 1 : 0;
      const { at: _at, ...identity } = customerIdentity(rng, {
        id: rng.uuid(),
        uniqId: i + 1,
        type,
        at: '',
        zipcode: establishment.address_zipcode,
        city: establishment.address_city,
        hasTabCard: profile.hasTabCards,
      });
      const customer: CustomerState = {
        identity,
        type,
        weight: Math.exp(rng.normal(0, 0.9)),
        balance: 0,
        createdAt: null,
        lastOpAt: 0,
        isRemoved: false,
      };
      this.customers.push(customer);
      this.byId.set(identity.id, customer);
      const index = i < initial ? 0 : Math.floor(((i - initial) / (n - initial)) * openDays.length);
      const day = openDays[Math.min(index, openDays.length - 1)] as string;
      this.creations.set(day, [...(this.creations.get(day) ?? []), customer]);
    }
  }

  /**
   * Takes in what the back office changed: removed accounts are no longer used, edited ones keep their
   * new identity for what the register prints, and the options become the rules the till obeys.
   */
  applyBackOffice(changes: BackOfficeChanges): void {
    for (const id of changes.removedIds) {
      const customer = this.byId.get(id);
      if (customer) customer.isRemoved = true;
    }
    for (const account of changes.accounts) {
      const customer = this.byId.get(account.id);
      if (!customer) continue;
      customer.identity = {
        ...customer.identity,
        lastname: account.lastname,
        firstname: account.firstname,
        cardNumber: account.cardNumber,
        email: account.email,
        phone: account.phone,
        type: account.type,
      };
      customer.type = account.type;
    }
    for (const operation of changes.operations ?? []) {
      const customer = this.byId.get(operation.customerAccountId);
      if (!customer || this.applied.has(operation.id)) continue;
      this.applied.add(operation.id);
      customer.balance += operation.amount;
    }
    this.policy = {
      noNegative: changes.options.ca_no_negative === '1',
      noUpAmount: changes.options.ca_no_up_amount === '1',
    };
  }

  get currentPolicy(): CustomerPolicy | null {
    return this.policy;
  }

  /** With ca_no_negative, a charge that would leave the balance below zero stays off the account. */
  refusesCharge(customer: CustomerState, amount: number): boolean {
    return this.policy?.noNegative === true && customer.balance - amount < 0;
  }

  isCompany(customerAccountId: string | null): boolean {
    return customerAccountId !== null && this.byId.get(customerAccountId)?.identity.isCompany === true;
  }

  /** Accounts opened today on the main register, and the first top-up of most pre-loaded ones. */
  open(d: BusinessDay, service: DayService): CustomerEvent[] {
    const { rng } = d;
    const list = this.creations.get(d.day) ?? [];
    const bulk = list.length > 10;
    const window = service.scheduledEnd - 20 * MINUTE - service.openedAt - 2 * MINUTE;
    const events: CustomerEvent[] = [];
    list.forEach((customer, j) => {
      const at = bulk
        ? service.openedAt + MINUTE + j * 20 * SECOND
        : service.openedAt + 2 * MINUTE + Math.floor((rng.next() * window) / SECOND) * SECOND;
      customer.createdAt = at;
      customer.lastOpAt = at;
      const id = customer.identity.id;
      const data: CustomerAccountData = {
        ...customer.identity,
        at: toIso(at),
        tracking: [tracking(rng, { action: 'create', tableName: 'customer_account', tableId: id, at })],
      };
      d.emit({ kind: 'customer_account', at, data }, service.register, service);
      if (customer.type === 1 && rng.chance(0.75)) {
        events.push({ at: at + rng.int(30, 120) * SECOND, type: 'topup', customer, service });
      }
    });
    return events;
  }

  /** Open tabs paid today: companies at the end of the month, individuals now and then. */
  settlements(d: BusinessDay, services: readonly DayService[], isMonthEnd: boolean): CustomerEvent[] {
    const { rng } = d;
    const events: CustomerEvent[] = [];
    for (const customer of this.customers) {
      if (customer.type !== 0 || customer.createdAt === null || customer.balance >= 0 || customer.isRemoved)
        continue;
      const settles = customer.identity.isCompany
        ? isMonthEnd
        : rng.chance(customer.balance < -15_000 ? 0.3 : 0.06);
      if (!settles) continue;
      const service = rng.pick(services);
      const from = service.openedAt + 5 * MINUTE;
      const to = service.scheduledEnd - 10 * MINUTE;
      const at = from + Math.floor((rng.next() * (to - from)) / SECOND) * SECOND;
      events.push({ at, type: 'settle', customer, service });
    }
    return events;
  }

  /** A regular who already has an account when the order is opened, or nobody. */
  pick(rng: Random, openedAt: number): CustomerState | null {
    const candidates: (readonly [CustomerState, number])[] = [];
    for (const c of this.customers)
      if (c.createdAt !== null && c.createdAt < openedAt && !c.isRemoved) candidates.push([c, c.weight]);
    return candidates.length > 0 ? rng.weighted(candidates) : null;
  }

  apply(d: BusinessDay, event: CustomerEvent): void {
    const { rng } = d;
    const { customer, service } = event;
    const user = service.openedBy;
    if (customer.isRemoved) return;
    if (event.type === 'topup') {
      const amount = rng.pick([5_000, 10_000, 15_000, 20_000]);
      const paymentCode = rng.chance(0.85) ? 'card' : 'cheque';
      this.operation(d, customer, service, {
        at: event.at,
        operation: 'topup',
        amount,
        orderId: null,
        paymentCode,
        user,
      });
      return;
    }
    if (customer.balance >= 0) return;
    const paymentCode: PaymentCode | null = customer.identity.isCompany
      ? rng.chance(0.6)
        ? null
        : 'cheque'
      : rng.chance(0.8)
        ? 'card'
        : 'cheque';
    const amount = this.settlementAmount(rng, -customer.balance);
    this.operation(d, customer, service, {
      at: event.at,
      operation: 'payment',
      amount,
      orderId: null,
      paymentCode,
      user,
    });
  }

  /**
   * The debt, or, at a till that follows a back office allowing it (ca_no_up_amount off), now and
   * then the next round ten euros above it, the rest left as credit. A till that has not heard from
   * the back office pays the debt exactly, as the demo always did.
   */
  private settlementAmount(rng: Random, debt: number): number {
    if (this.policy === null || this.policy.noUpAmount || !rng.chance(0.3)) return debt;
    return (Math.floor(debt / 1000) + 1) * 1000;
  }

  /**
   * The part of an order put on the account: usually all of it, sometimes split with a card on a
   * tab. A pre-loaded account short of money is topped up at the till first.
   */
  portion(d: BusinessDay, customer: CustomerState, order: OrderData, service: DayService): number {
    const { rng } = d;
    const total = order.amountTotalIvat;
    let part = total;
    if (customer.type === 0 && total >= 1000 && rng.chance(0.15)) {
      part = Math.min(total - 100, Math.max(100, Math.round((total * (0.4 + 0.3 * rng.next())) / 100) * 100));
    }
    if (customer.type === 1 && customer.balance < part) {
      const need = part - customer.balance;
      const amount = [5_000, 10_000, 20_000].find((a) => a >= need) ?? Math.ceil(need / 5_000) * 5_000;
      const at = Date.parse(order.closedAt) - 40 * SECOND;
      this.operation(d, customer, service, {
        at,
        operation: 'topup',
        amount,
        orderId: null,
        paymentCode: 'card',
        user: order.user,
      });
    }
    return part;
  }

  charge(
    d: BusinessDay,
    customer: CustomerState,
    order: OrderData,
    service: DayService,
    amount: number,
  ): void {
    this.operation(d, customer, service, {
      at: Date.parse(order.closedAt),
      operation: 'charge',
      amount: -amount,
      orderId: order.id,
      paymentCode: 'account',
      user: order.user,
    });
  }

  private operation(
    d: BusinessDay,
    customer: CustomerState,
    service: DayService,
    args: {
      at: number;
      operation: CustomerOperationData['operation'];
      amount: number;
      orderId: string | null;
      paymentCode: PaymentCode | null;
      user: PosUser;
    },
  ): void {
    // One second apart at least, so that time order is the order of the balances.
    const at = Math.max(args.at, customer.lastOpAt + SECOND);
    customer.lastOpAt = at;
    customer.balance += args.amount;
    const type = args.paymentCode ? this.catalog.paymentTypes[args.paymentCode] : null;
    const data: CustomerOperationData = {
      id: d.rng.uuid(),
      customerAccountId: customer.identity.id,
      businessDay: d.day,
      at: toIso(at),
      operation: args.operation,
      amount: args.amount,
      balanceAfter: customer.balance,
      orderId: args.orderId,
      paymentTypeId: type?.id ?? null,
      paymentName: type?.name ?? 'Virement bancaire',
      user: args.user,
    };
    // The main register keeps the ledger, whichever till took the order: one chain, in time order.
    const ledger = d.serviceOf(service.profile, 0);
    d.emit({ kind: 'customer_operation', at, data }, ledger.register, ledger);
  }
}
