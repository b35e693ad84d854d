import type { BatchRequest } from '@comptoir/contracts';
import type { PosClient } from './client';
import type { AccountKey } from './identity';
import type { SimulatedBatch } from './establishment';
import { Simulator } from './simulator';

export interface SimulationOptions {
  /** Last business day simulated (inclusive), `YYYY-MM-DD`. */
  endDay: string;
  days: number;
  seed?: number;
  accounts?: AccountKey[];
  /**
   * An ISO instant with its offset, e.g. `new Date().toISOString()` with `endDay` today: the day in
   * progress is sent up to it and left open (no service, control strip or closure records).
   * See `SimulatorOptions.until`.
   */
  until?: string;
  /**
   * Business days a register keeps before it sends them as one batch (default 1: every evening).
   * More is a register that was offline; the demo loader uses it to amortise per-batch costs.
   */
  daysPerBatch?: number;
  /**
   * Before each business day, the main register of each establishment asks the server what the back
   * office changed (`customerAccountChanges`) and the simulated tills obey it: removed accounts,
   * ca_no_negative, ca_no_up_amount. Off by default, so that a run is the same whatever the server holds.
   */
  followBackOffice?: boolean;
  onProgress?: (p: { day: string; done: number; total: number }) => void;
}

export interface SimulationStats {
  registers: number;
  days: number;
  batches: number;
  records: number;
  orders: number;
  lines: number;
  payments: number;
  customerAccounts: number;
  closures: number;
  /** Cents. */
  turnoverIvat: number;
  byCompany: Record<string, { orders: number; turnoverIvat: number }>;
}

export function emptyStats(): SimulationStats {
  return {
    registers: 0,
    days: 0,
    batches: 0,
    records: 0,
    orders: 0,
    lines: 0,
    payments: 0,
    customerAccounts: 0,
    closures: 0,
    turnoverIvat: 0,
    byCompany: {},
  };
}

/** Adds one batch's records to the statistics (orders include cancellations, lines include removed ones). */
export function addBatchStats(stats: SimulationStats, companyId: string, batch: BatchRequest): void {
  stats.batches += 1;
  stats.records += batch.records.length;
  const company = (stats.byCompany[companyId] ??= { orders: 0, turnoverIvat: 0 });
  for (const record of batch.records) {
    switch (record.kind) {
      case 'order':
        stats.orders += 1;
        stats.lines += record.data.lines.length;
        stats.payments += record.data.payments.length;
        stats.turnoverIvat += record.data.amountTotalIvat;
        company.orders += 1;
        company.turnoverIvat += record.data.amountTotalIvat;
        break;
      case 'customer_account':
        stats.customerAccounts += 1;
        break;
      case 'closure':
        stats.closures += 1;
        break;
      default:
        break;
    }
  }
}

/**
 * Enrolls every register of the demo accounts, puts each one's catalogue, then posts one batch per
 * register and business day, in order, as the registers would (with `until`, none for what comes
 * after it). Throws the client's error as is, and a bad option before enrolling anything.
 */
export async function runSimulation(client: PosClient, options: SimulationOptions): Promise<SimulationStats> {
  const probe = new Simulator({
    endDay: options.endDay,
    days: options.days,
    seed: options.seed,
    accounts: options.accounts,
    until: options.until,
  });
  const registerIds: Record<string, string> = {};
  const tokens = new Map<string, string>();
  for (const register of probe.registers) {
    const enrolled = await client.enrollRegister({
      companyId: register.companyId,
      name: register.name,
      serial: register.serial,
      publicKey: register.publicKey,
    });
    registerIds[register.key] = enrolled.registerId;
    tokens.set(register.key, enrolled.registerToken);
    await client.putCatalog(enrolled.registerId, enrolled.registerToken, register.catalog);
  }

  const simulator = new Simulator({ ...options, registerIds });
  const stats = emptyStats();
  stats.registers = tokens.size;
  stats.days = simulator.days.length;
  const post = async ({ registerKey, registerId, companyId, batch }: SimulatedBatch) => {
    const token = tokens.get(registerKey);
    if (token === undefined) throw new Error(`register ${registerKey} was not enrolled`);
    const answer = await client.postBatch(registerId, token, batch);
    if (answer.accepted + answer.duplicates !== batch.records.length) {
      throw new Error(
        `batch ${batch.batchId} of ${registerKey}: the server took ${answer.accepted + answer.duplicates} of ${batch.records.length} records`,
      );
    }
    addBatchStats(stats, companyId, batch);
  };
  const daysPerBatch = Math.max(1, Math.floor(options.daysPerBatch ?? 1));
  const held = new Map<string, SimulatedBatch>();
  const flush = () => {
    const batches = [...held.values()];
    held.clear();
    // One batch per register: posted together, so the server verifies one while it stores another.
    return Promise.all(batches.map(post));
  };
  // The first register of each establishment keeps its customer ledger.
  const mainByEstablishment = new Map<string, string>();
  for (const r of probe.registers)
    if (!mainByEstablishment.has(r.establishmentKey)) mainByEstablishment.set(r.establishmentKey, r.key);
  const mainRegisters = [...mainByEstablishment.values()];
  const cursors = new Map<string, string>();
  const followBackOffice = async () => {
    if (!options.followBackOffice || !client.customerAccountChanges) return;
    for (const key of mainRegisters) {
      const changes = await client.customerAccountChanges(
        registerIds[key]!,
        tokens.get(key)!,
        cursors.get(key),
      );
      cursors.set(key, changes.cursor);
      simulator.applyBackOffice(key, changes);
    }
  };
  for (let i = 0; i < simulator.days.length; i++) {
    const day = simulator.days[i] as string;
    await followBackOffice();
    for (const batch of simulator.simulateDay(day)) {
      const earlier = held.get(batch.registerKey);
      // Consecutive days of one register join the first day's batch (same id, records in chain order).
      if (earlier)
        earlier.batch = { ...earlier.batch, records: [...earlier.batch.records, ...batch.batch.records] };
      else held.set(batch.registerKey, batch);
    }
    if ((i + 1) % daysPerBatch === 0 || i === simulator.days.length - 1) await flush();
    options.onProgress?.({ day, done: i + 1, total: simulator.days.length });
  }
  return stats;
}
