import { dayIndex, parisTimeToUtcMs } from '@comptoir/contracts';
import type { DispenserPour, DispenserWare, OrderData, PosUser, UnsignedRecord } from '@comptoir/contracts';
import { establishmentCatalog } from './catalog';
import { parseInstant, toIso } from './dates';
import { demoAccounts, type Activity, type DemoEstablishment } from './identity';
import { profileFor } from './profiles';
import { Random, uuidFromName } from './random';
import { Simulator, type SimulatorOptions } from './simulator';

const SECOND = 1000;
const MINUTE = 60_000;

/** A ware of the dispenser: a tap or pourer program that serves one product of the menu. */
interface WareDef {
  name: string;
  category: string;
  product: readonly [menuCategory: string, productName: string];
}

const DRAUGHT = 'Bières pression';
const SPIRITS = 'Spiritueux';
const WINES = 'Vins au verre';

/** Establishments with a dispenser, and what it pours. */
const WARES: Partial<Record<Activity, readonly WareDef[]>> = {
  bar: [
    { category: DRAUGHT, name: 'Tireuse blonde 25 cl', product: ['beers', 'Demi pression'] },
    { category: DRAUGHT, name: 'Tireuse blonde 50 cl', product: ['beers', 'Pinte pression'] },
    { category: DRAUGHT, name: 'Tireuse IPA 50 cl', product: ['beers', 'Pinte IPA'] },
    { category: DRAUGHT, name: 'Tireuse blanche 50 cl', product: ['beers', 'Pinte blanche'] },
    { category: DRAUGHT, name: 'Tireuse ambrée 50 cl', product: ['beers', 'Pinte ambrée'] },
    { category: DRAUGHT, name: 'Tireuse bière du mois 50 cl', product: ['beers', 'Bière du mois'] },
    { category: DRAUGHT, name: 'Tireuse blonde pichet 1,5 l', product: ['beers', 'Pichet de bière 1,5 l'] },
    { category: SPIRITS, name: 'Doseur Jameson 4 cl', product: ['spirits', 'Whisky Jameson'] },
    { category: SPIRITS, name: 'Doseur Nikka 4 cl', product: ['spirits', 'Whisky Nikka From the Barrel'] },
    { category: SPIRITS, name: 'Doseur Lagavulin 4 cl', product: ['spirits', 'Lagavulin 16 ans'] },
    { category: SPIRITS, name: 'Doseur Diplomático 4 cl', product: ['spirits', 'Rhum Diplomático'] },
    { category: SPIRITS, name: 'Doseur Zacapa 4 cl', product: ['spirits', 'Rhum Zacapa 23'] },
    { category: SPIRITS, name: 'Doseur Hendrick’s 4 cl', product: ['spirits', 'Gin Hendrick’s'] },
    { category: SPIRITS, name: 'Doseur Grey Goose 4 cl', product: ['spirits', 'Vodka Grey Goose'] },
    { category: SPIRITS, name: 'Doseur Patrón 4 cl', product: ['spirits', 'Tequila Patrón Silver'] },
    { category: SPIRITS, name: 'Doseur mezcal 4 cl', product: ['spirits', 'Mezcal'] },
    { category: SPIRITS, name: 'Doseur cognac 4 cl', product: ['spirits', 'Cognac VSOP'] },
    { category: SPIRITS, name: 'Doseur Chartreuse 4 cl', product: ['spirits', 'Chartreuse verte'] },
    { category: SPIRITS, name: 'Doseur Get 27 4 cl', product: ['spirits', 'Get 27'] },
    {
      category: WINES,
      name: 'Distributeur Côtes-du-Rhône 12 cl',
      product: ['wines', 'Verre de Côtes-du-Rhône'],
    },
    { category: WINES, name: 'Distributeur Saint-Joseph 12 cl', product: ['wines', 'Verre de Saint-Joseph'] },
    { category: WINES, name: 'Distributeur Viognier 12 cl', product: ['wines', 'Verre de Viognier'] },
    { category: WINES, name: 'Distributeur rosé 12 cl', product: ['wines', 'Verre de rosé'] },
  ],
};

/** Chance that a drink keyed in then removed before payment had already been poured. */
const REMOVED_LINE_POURED = 0.6;
/** Pours with no sale in a day's service: a spill, a staff drink, a glass on the house. */
const NOT_CASHED_PER_DAY: readonly [number, number] = [1, 4];
/** Chance of a pour outside opening hours on a day: cleaning the lines, a tap tested before opening. */
const OUT_OF_SHIFT_CHANCE = 0.2;
/** Pour ids: the day, the establishment and a counter share one safe integer. */
const ESTABLISHMENT_SLOTS = 256;
const POURS_PER_DAY = 65_536;

/** A register's records, as a batch sends them (only orders and services are read). */
export interface RegisterRecords {
  registerKey: string;
  records: readonly UnsignedRecord[];
}

/** True when the establishment has a drink dispenser in the demo. */
export function hasDispenser(establishment: DemoEstablishment): boolean {
  return (WARES[establishment.activity]?.length ?? 0) > 0;
}

interface ServiceWindow {
  id: string;
  registerIndex: number;
  /** From the service record, once the service is closed. */
  openedAt: number | null;
  closedAt: number | null;
  orders: OrderData[];
}

const userName = (user: PosUser) => `${user.firstname} ${user.lastname}`;

/**
 * The drink dispenser of one demo establishment. Its pours follow the registers' records: every unit
 * sold of a linked product was poured just after the line was keyed (cashed, in that order's
 * service); some drinks removed before payment had been poured anyway, and a few pours a day have no
 * sale (not cashed); now and then a pour happens while no service is open (out of shift). Same seed
 * and same records, same pours: one PRNG per establishment and business day.
 */
export class Dispenser {
  readonly wares: DispenserWare[];
  private readonly wareByProduct = new Map<string, DispenserWare>();
  private readonly registerIndex: Map<string, number>;
  private readonly establishmentNumber: number;
  private readonly until: number | null;
  private readonly seed: number;

  constructor(
    readonly establishment: DemoEstablishment,
    options: { seed: number; until?: string },
  ) {
    this.seed = options.seed;
    this.until = options.until === undefined ? null : parseInstant(options.until);
    const catalog = establishmentCatalog(establishment);
    this.wares = (WARES[establishment.activity] ?? []).map((def) => {
      const [categoryKey, productName] = def.product;
      const product = catalog.categories.get(categoryKey)?.products.find((p) => p.name === productName);
      if (!product) throw new Error(`${productName} is not on the ${establishment.key} menu`);
      const ware = {
        id: uuidFromName(`ware/${establishment.key}/${def.name}`),
        name: def.name,
        category: def.category,
        productId: product.id,
      };
      this.wareByProduct.set(product.id, ware);
      return ware;
    });
    this.registerIndex = new Map(establishment.registers.map((r, i) => [r.key, i]));
    const keys = demoAccounts().flatMap((a) => a.establishments.map((e) => e.key));
    this.establishmentNumber = keys.indexOf(establishment.key) + 1;
    if (this.establishmentNumber === 0) throw new Error(`${establishment.key} is not a demo establishment`);
  }

  /**
   * The pours of every business day the records hold, day by day. Each day's records must all be
   * there (every register's); records of other establishments are not expected.
   */
  pours(registers: readonly RegisterRecords[]): DispenserPour[] {
    if (this.wares.length === 0) return [];
    const days = new Map<string, Map<string, ServiceWindow>>();
    const ordered = [...registers].sort((a, b) => this.indexOf(a.registerKey) - this.indexOf(b.registerKey));
    const serviceOf = (day: string, id: string, registerIndex: number) => {
      let services = days.get(day);
      if (!services) days.set(day, (services = new Map()));
      let service = services.get(id);
      if (!service) {
        service = { id, registerIndex, openedAt: null, closedAt: null, orders: [] };
        services.set(id, service);
      }
      return service;
    };
    for (const { registerKey, records } of ordered) {
      const registerIndex = this.indexOf(registerKey);
      for (const record of records) {
        if (record.kind === 'order') {
          serviceOf(record.data.businessDay, record.data.serviceId, registerIndex).orders.push(record.data);
        } else if (record.kind === 'service') {
          const service = serviceOf(record.data.businessDay, record.data.id, registerIndex);
          service.openedAt = Date.parse(record.data.openedAt);
          service.closedAt = Date.parse(record.data.closedAt);
        }
      }
    }
    return [...days.keys()].sort().flatMap((day) => this.poursOfDay(day, [...days.get(day)!.values()]));
  }

  private indexOf(registerKey: string): number {
    const index = this.registerIndex.get(registerKey);
    if (index === undefined) throw new Error(`${registerKey} is not a register of ${this.establishment.key}`);
    return index;
  }

  private poursOfDay(day: string, services: ServiceWindow[]): DispenserPour[] {
    const rng = new Random(this.seed, 'dispenser', this.establishment.key, day);
    type Draft = Omit<DispenserPour, 'id'> & { at: number };
    const drafts: Draft[] = [];
    const pour = (at: number, ware: DispenserWare, rest: Omit<Draft, 'at' | 'wareId' | 'pouredAt'>) =>
      drafts.push({ at, wareId: ware.id, pouredAt: toIso(at), ...rest });

    for (const service of services) {
      for (const order of service.orders) {
        if (order.cancelsOrderId !== null) continue;
        const closedAt = Date.parse(order.closedAt);
        for (const line of order.lines) {
          const ware = this.wareByProduct.get(line.productId);
          if (!ware || line.quantity <= 0) continue;
          if (line.removed && !rng.chance(REMOVED_LINE_POURED)) continue;
          const at = Math.min(Date.parse(line.createdAt) + rng.int(15, 120) * SECOND, closedAt);
          pour(at, ware, {
            serviceId: service.id,
            userName: userName(order.user),
            quantity: line.quantity,
            cashed: !line.removed,
          });
        }
      }
    }

    // The dispenser stands at the bar: pours without a sale go to the main register's service.
    const main = services.find((s) => s.registerIndex === 0 && s.orders.length > 0);
    if (main) {
      const from = Math.min(...main.orders.map((o) => Date.parse(o.openedAt)));
      const to = Math.max(...main.orders.map((o) => Date.parse(o.closedAt)));
      const staff = [...new Set(main.orders.map((o) => userName(o.user)))];
      const cashed = drafts.filter((d) => d.cashed);
      const count = rng.int(...NOT_CASHED_PER_DAY);
      for (let i = 0; i < count; i++) {
        const ware = cashed.length > 0 ? this.wareOf(rng.pick(cashed).wareId) : rng.pick(this.wares);
        pour(from + rng.int(0, Math.floor((to - from) / SECOND)) * SECOND, ware, {
          serviceId: main.id,
          userName: rng.pick(staff),
          quantity: 1,
          cashed: false,
        });
      }
    }

    if (services.length > 0 && rng.chance(OUT_OF_SHIFT_CHANCE)) {
      const closings = services.map((s) => s.closedAt).filter((at): at is number => at !== null);
      const isAfterClosing = closings.length === services.length && rng.chance(0.5);
      // Registers open their first service 10 to 20 minutes before the published opening time.
      const opening = parisTimeToUtcMs(day, profileFor(this.establishment.activity).services[0]!.start);
      const at = isAfterClosing
        ? Math.max(...closings) + rng.int(10, 45) * MINUTE + rng.int(0, 59) * SECOND
        : opening - rng.int(25, 90) * MINUTE + rng.int(0, 59) * SECOND;
      const staff = services.flatMap((s) => s.orders.map((o) => userName(o.user)));
      pour(at, rng.pick(this.wares), {
        serviceId: null,
        userName: staff.length > 0 ? rng.pick(staff) : null,
        quantity: 1,
        cashed: false,
      });
    }

    const until = this.until;
    const kept = until === null ? drafts : drafts.filter((d) => d.at <= until);
    kept.sort((a, b) => a.at - b.at);
    if (kept.length >= POURS_PER_DAY) throw new RangeError(`too many pours on ${day}`);
    const firstId = (dayIndex(day) * ESTABLISHMENT_SLOTS + this.establishmentNumber) * POURS_PER_DAY;
    return kept.map(({ at: _at, ...rest }, i) => ({ id: firstId + i, ...rest }));
  }

  private wareOf(id: string): DispenserWare {
    const ware = this.wares.find((w) => w.id === id);
    if (!ware) throw new Error(`unknown ware ${id}`);
    return ware;
  }
}

/** One establishment's dispenser counts of one business day. */
export interface SimulatedPours {
  establishmentKey: string;
  companyId: string;
  /** The register whose token the dispenser uses: the establishment's first (the bar's till). */
  registerKey: string;
  businessDay: string;
  wares: DispenserWare[];
  pours: DispenserPour[];
}

/**
 * The dispensers' counts of a simulation, day by day, without a server: for tests and benchmarks.
 * The registers' batches are generated (and signed) on the way, as `simulateBatches` does.
 */
export function* simulateDispenserPours(options: SimulatorOptions): Generator<SimulatedPours> {
  const simulator = new Simulator(options);
  const seed = simulator.seed;
  const dispensers = new Map<string, Dispenser>();
  for (const account of demoAccounts()) {
    for (const establishment of account.establishments) {
      if (!hasDispenser(establishment)) continue;
      const until = options.until === undefined ? {} : { until: options.until };
      dispensers.set(establishment.key, new Dispenser(establishment, { seed, ...until }));
    }
  }
  for (const day of simulator.days) {
    const batches = simulator.simulateDay(day);
    for (const [key, dispenser] of dispensers) {
      const own = batches.filter((b) => b.establishmentKey === key);
      if (own.length === 0) continue;
      const pours = dispenser.pours(
        own.map((b) => ({ registerKey: b.registerKey, records: b.batch.records })),
      );
      if (pours.length === 0) continue;
      const { establishment } = dispenser;
      yield {
        establishmentKey: key,
        companyId: establishment.companyId,
        registerKey: establishment.registers[0]!.key,
        businessDay: day,
        wares: dispenser.wares,
        pours,
      };
    }
  }
}
