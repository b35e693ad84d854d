import type { FastifyInstance } from 'fastify';
import type { BatchRequest, DispenserCountsRequest, DispenserPour, DispenserWare } from '@comptoir/contracts';
import {
  DEFAULT_SEED,
  demoAccounts,
  Dispenser,
  hasDispenser,
  type RegisterRecords,
  type SimulatorOptions,
} from '@comptoir/pos-sim';
import { DEMO_LOADER_HEADER } from '../app';
import type { SimWorkerBatch } from './sim-worker';

/** Pours held before a request: a request costs more than the rows it carries. */
const POURS_PER_REQUEST = 10_000;

interface Device {
  dispenser: Dispenser;
  registerId: string;
  registerToken: string;
  /** Sent with the first request only. */
  wares: DispenserWare[];
  held: DispenserPour[];
}

/**
 * The demo's drink dispensers: the pours follow the records the registers have just stored, and
 * reach the server the way a dispenser sends them, `POST /pos/v1/dispensers/counts` with the token of
 * the establishment's main register. `push` takes each round of batches after they are stored;
 * `flush` sends what is still held.
 */
export class DemoDispensers {
  private readonly devices = new Map<string, Device>();
  /** Register key -> establishment key, for the establishments with a dispenser. */
  private readonly establishmentOf = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    input: { options: SimulatorOptions; registerIds: Record<string, string>; tokens: Map<string, string> },
  ) {
    const { options } = input;
    const wanted = new Set(options.accounts ?? ['suite', 'standard']);
    for (const account of demoAccounts()) {
      if (!wanted.has(account.key)) continue;
      for (const establishment of account.establishments) {
        if (!hasDispenser(establishment)) continue;
        if (options.establishments && !options.establishments.includes(establishment.key)) continue;
        const main = establishment.registers[0]!.key;
        const dispenser = new Dispenser(establishment, {
          seed: options.seed ?? DEFAULT_SEED,
          ...(options.until ? { until: options.until } : {}),
        });
        this.devices.set(establishment.key, {
          dispenser,
          registerId: input.registerIds[main]!,
          registerToken: input.tokens.get(main)!,
          wares: dispenser.wares,
          held: [],
        });
        for (const register of establishment.registers)
          this.establishmentOf.set(register.key, establishment.key);
      }
    }
  }

  /** The pours of the days these batches hold (all registers' batches of those days). */
  async push(batches: readonly SimWorkerBatch[]): Promise<void> {
    const byEstablishment = new Map<string, RegisterRecords[]>();
    for (const batch of batches) {
      const key = this.establishmentOf.get(batch.registerKey);
      if (!key) continue;
      const { records } = JSON.parse(batch.body) as BatchRequest;
      const list = byEstablishment.get(key) ?? [];
      list.push({ registerKey: batch.registerKey, records });
      byEstablishment.set(key, list);
    }
    for (const [key, registers] of byEstablishment) {
      const device = this.devices.get(key)!;
      device.held.push(...device.dispenser.pours(registers));
      if (device.held.length >= POURS_PER_REQUEST) await this.send(device);
    }
  }

  async flush(): Promise<void> {
    for (const device of this.devices.values()) await this.send(device);
  }

  private async send(device: Device): Promise<void> {
    if (device.held.length === 0 && device.wares.length === 0) return;
    const counts: DispenserCountsRequest = { wares: device.wares, pours: device.held };
    const res = await this.app.inject({
      method: 'POST',
      url: `/pos/v1/dispensers/counts?registerId=${device.registerId}`,
      headers: { authorization: `Register ${device.registerToken}`, [DEMO_LOADER_HEADER]: '1' },
      payload: counts,
    });
    if (res.statusCode !== 200) {
      throw new Error(
        `dispenser counts of ${device.dispenser.establishment.key} refused: ${res.body.slice(0, 500)}`,
      );
    }
    device.wares = [];
    device.held = [];
  }
}
