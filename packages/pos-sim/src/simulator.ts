import { addCalendarDays, daysFromTo } from '@comptoir/contracts';
import type { CatalogRequest } from '@comptoir/contracts';
import { rawPublicKey } from '@comptoir/fiscal';
import type { BackOfficeChanges } from './customers';
import { parseInstant } from './dates';
import { EstablishmentSim, type SimulatedBatch } from './establishment';
import { demoAccounts, type AccountKey } from './identity';

export const DEFAULT_SEED = 525;

export interface SimulatorOptions {
  /** Last business day simulated (inclusive), `YYYY-MM-DD`. */
  endDay: string;
  days: number;
  seed?: number;
  accounts?: AccountKey[];
  /** Ids the server gave at enrollment, by register key (signatures cover them); default: fixed ids. */
  registerIds?: Record<string, string>;
  /**
   * An ISO instant with its offset (`new Date().toISOString()`): nothing later is generated. Each
   * establishment's business day that holds it keeps its records up to it but stays open (no
   * service, control strip or closure; orders that close later are left out); later days give no
   * batch. Earlier days are the same as without it.
   */
  until?: string;
  /** Only these establishments (keys) of the accounts; default all. */
  establishments?: string[];
  /** Orders per day multiplied by this (default 1): the benches' larger establishments. */
  volume?: number;
}

export interface SimulatedRegister {
  accountKey: AccountKey;
  accountId: string;
  establishmentKey: string;
  companyId: string;
  key: string;
  name: string;
  serial: string;
  registerId: string;
  /** Raw Ed25519 public key, base64: what enrollment sends. */
  publicKey: string;
  catalog: CatalogRequest;
}

/** The business days a simulation covers, oldest first. */
export function simulationDays(endDay: string, days: number): string[] {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a positive integer');
  return daysFromTo(addCalendarDays(endDay, -(days - 1)), endDay);
}

/**
 * A deterministic fleet of registers for the demo accounts. Call `simulateDay` for each day of
 * `days` in order (or iterate `batches()`); the same options always give byte-identical batches.
 */
export class Simulator {
  readonly days: readonly string[];
  readonly seed: number;
  /** `until` as epoch ms, or null. */
  readonly until: number | null;
  private readonly establishments: EstablishmentSim[] = [];
  private cursor = 0;

  constructor(options: SimulatorOptions) {
    this.seed = options.seed ?? DEFAULT_SEED;
    this.days = simulationDays(options.endDay, options.days);
    this.until = options.until === undefined ? null : parseInstant(options.until);
    const wanted = new Set(options.accounts ?? ['suite', 'standard']);
    for (const account of demoAccounts()) {
      if (!wanted.has(account.key)) continue;
      for (const establishment of account.establishments) {
        if (options.establishments && !options.establishments.includes(establishment.key)) continue;
        this.establishments.push(
          new EstablishmentSim(account, establishment, {
            seed: this.seed,
            days: this.days,
            registerIds: options.registerIds ?? {},
            until: this.until,
            volume: options.volume ?? 1,
          }),
        );
      }
    }
  }

  /** What enrollment and the catalogue need for each register. */
  get registers(): SimulatedRegister[] {
    return this.establishments.flatMap((e) =>
      e.registers.map((r) => ({
        accountKey: e.account.key,
        accountId: e.account.accountId,
        establishmentKey: e.establishment.key,
        companyId: e.establishment.companyId,
        key: r.key,
        name: r.name,
        serial: r.serial,
        registerId: r.registerId,
        publicKey: rawPublicKey(r.keys.publicKey),
        catalog: e.catalog.request,
      })),
    );
  }

  /**
   * Hands what the server sent a register (`GET /pos/v1/customer-accounts`) to its establishment,
   * whose registers obey it from the next simulated day on. An unknown register key is an error.
   */
  applyBackOffice(registerKey: string, changes: BackOfficeChanges): void {
    const establishment = this.establishments.find((e) => e.registers.some((r) => r.key === registerKey));
    if (!establishment) throw new RangeError(`no simulated register ${registerKey}`);
    establishment.applyBackOffice(changes);
  }

  /**
   * Every register's batch for the next business day; days must be simulated in order. With
   * `until`, the day that holds it gives partial batches (none for a register with nothing before
   * it), and days after it give none.
   */
  simulateDay(day: string): SimulatedBatch[] {
    const expected = this.days[this.cursor];
    if (day !== expected)
      throw new RangeError(`expected to simulate ${expected ?? 'nothing more'}, got ${day}`);
    this.cursor += 1;
    return this.establishments.flatMap((e) => e.simulateDay(day));
  }

  *batches(): Generator<SimulatedBatch> {
    while (this.cursor < this.days.length) {
      yield* this.simulateDay(this.days[this.cursor] as string);
    }
  }
}

/** All batches of a simulation, without a client: for tests and benchmarks. */
export function* simulateBatches(options: SimulatorOptions): Generator<SimulatedBatch> {
  yield* new Simulator(options).batches();
}
