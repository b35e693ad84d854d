import { parentPort, workerData } from 'node:worker_threads';
import {
  addBatchStats,
  emptyStats,
  Simulator,
  type SimulatedBatch,
  type SimulatorOptions,
} from '@comptoir/pos-sim';

/** What the demo loader sends the worker. */
export interface SimWorkerInput {
  options: SimulatorOptions;
  daysPerBatch: number;
}

/** A register's batch, already serialised: the main thread hands the text to the ingestion route. */
export interface SimWorkerBatch {
  registerKey: string;
  registerId: string;
  records: number;
  body: string;
}

export type SimWorkerMessage =
  | { type: 'batches'; day: string; done: number; total: number; batches: SimWorkerBatch[] }
  | { type: 'done'; stats: ReturnType<typeof emptyStats> };

/** Rounds of batches the worker may prepare before the server has stored the previous ones. */
const AHEAD = 2;

async function run(): Promise<void> {
  const port = parentPort!;
  const { options, daysPerBatch } = workerData as SimWorkerInput;
  const simulator = new Simulator(options);
  const stats = emptyStats();
  let credits = AHEAD;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    credits += 1;
    wake?.();
  });
  const held = new Map<string, SimulatedBatch>();
  for (let i = 0; i < simulator.days.length; i++) {
    const day = simulator.days[i]!;
    for (const batch of simulator.simulateDay(day)) {
      const earlier = held.get(batch.registerKey);
      // Consecutive days of one register join the first day's batch (same id, records in chain order).
      if (earlier)
        earlier.batch = { ...earlier.batch, records: [...earlier.batch.records, ...batch.batch.records] };
      else held.set(batch.registerKey, batch);
    }
    const isLast = i === simulator.days.length - 1;
    if ((i + 1) % daysPerBatch !== 0 && !isLast) continue;
    const batches = [...held.values()].map((b) => {
      addBatchStats(stats, b.companyId, b.batch);
      return {
        registerKey: b.registerKey,
        registerId: b.registerId,
        records: b.batch.records.length,
        body: JSON.stringify(b.batch),
      };
    });
    held.clear();
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    const message: SimWorkerMessage = {
      type: 'batches',
      day,
      done: i + 1,
      total: simulator.days.length,
      batches,
    };
    port.postMessage(message);
  }
  stats.registers = simulator.registers.length;
  stats.days = simulator.days.length;
  port.postMessage({ type: 'done', stats } satisfies SimWorkerMessage);
}

void run();
