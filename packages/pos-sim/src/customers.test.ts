import { describe, expect, it } from 'vitest';
import {
  customerOptionKey,
  type CustomerAccountChangesResponse,
  type CustomerOperationData,
  type OrderData,
  type SignedRecord,
} from '@comptoir/contracts';
import type { PosClient } from './client';
import { demoAccounts } from './identity';
import { runSimulation } from './run';
import { Simulator } from './simulator';

const END_DAY = '2026-03-31';
const DAYS = 40;
const creperie = demoAccounts().find((a) => a.key === 'standard')!.establishments[0]!;
const mainRegister = creperie.registers[0]!.key;

type Options = CustomerAccountChangesResponse['options'];
const options = (set: Partial<Options> = {}): Options => ({
  ...(Object.fromEntries(customerOptionKey.options.map((k) => [k, '0'])) as Options),
  ...set,
});

interface Run {
  operations: CustomerOperationData[];
  orders: OrderData[];
  accountIds: string[];
}

/** The crêperie over DAYS days; `backOffice` runs before each day and may hand the tills changes. */
function run(backOffice?: (simulator: Simulator, dayIndex: number, sofar: Run) => void): Run {
  const simulator = new Simulator({ endDay: END_DAY, days: DAYS, accounts: ['standard'] });
  const sofar: Run = { operations: [], orders: [], accountIds: [] };
  simulator.days.forEach((day, i) => {
    backOffice?.(simulator, i, sofar);
    const records: SignedRecord[] = simulator.simulateDay(day).flatMap((b) => b.batch.records);
    for (const r of records) {
      if (r.kind === 'customer_operation') sofar.operations.push(r.data);
      if (r.kind === 'order') sofar.orders.push(r.data);
      if (r.kind === 'customer_account') sofar.accountIds.push(r.data.id);
    }
  });
  return sofar;
}

const charges = (r: Run) => r.operations.filter((o) => o.operation === 'charge');
const payments = (r: Run) => r.operations.filter((o) => o.operation === 'payment');

describe('the simulated tills obey the back office', () => {
  const plain = run();

  it('gives the crêperie open tabs with card numbers, charged and settled', () => {
    expect(new Set(plain.accountIds).size).toBe(40);
    expect(charges(plain).length).toBeGreaterThan(10);
    expect(payments(plain).length).toBeGreaterThan(0);
    // Untouched by the back office, a till settles the debt exactly.
    expect(payments(plain).every((p) => p.balanceAfter === 0)).toBe(true);
  });

  it('never charges nor picks an account once it was removed', () => {
    let removed: string[] = [];
    const result = run((simulator, i, sofar) => {
      if (i !== 10) return;
      removed = [...new Set(charges(sofar).map((c) => c.customerAccountId))].slice(0, 5);
      simulator.applyBackOffice(mainRegister, { accounts: [], removedIds: removed, options: options() });
    });
    expect(removed.length).toBeGreaterThan(0);
    const cut = result.operations.findIndex((o) => o.businessDay >= simulationDay(10));
    const after = result.operations.slice(cut);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((o) => removed.includes(o.customerAccountId))).toEqual([]);
    const laterOrders = result.orders.filter((o) => o.businessDay >= simulationDay(10));
    expect(laterOrders.filter((o) => removed.includes(o.customerAccountId ?? ''))).toEqual([]);
    // Before the removal the same accounts were used: the test can fail.
    expect(result.operations.slice(0, cut).some((o) => removed.includes(o.customerAccountId))).toBe(true);
  });

  it('with ca_no_negative, puts no charge that leaves a balance below zero: the order is paid at the till', () => {
    const result = run((simulator, i) => {
      if (i === 0)
        simulator.applyBackOffice(mainRegister, {
          accounts: [],
          removedIds: [],
          options: options({ ca_no_negative: '1' }),
        });
    });
    expect(charges(plain).some((c) => c.balanceAfter < 0)).toBe(true);
    expect(charges(result).filter((c) => c.balanceAfter < 0)).toEqual([]);
    expect(result.orders.some((o) => o.payments.some((p) => p.customerAccountId !== null))).toBe(false);
  });

  it('with ca_no_up_amount off sometimes overpays a tab, and never once the option is on', () => {
    const follow = (noUp: '0' | '1') =>
      run((simulator, i) => {
        if (i === 0)
          simulator.applyBackOffice(mainRegister, {
            accounts: [],
            removedIds: [],
            options: options({ ca_no_up_amount: noUp }),
          });
      });
    const allowed = follow('0');
    expect(payments(allowed).some((p) => p.balanceAfter > 0)).toBe(true);
    const refused = follow('1');
    expect(payments(refused).length).toBeGreaterThan(0);
    expect(payments(refused).filter((p) => p.balanceAfter > 0)).toEqual([]);
  });

  it('takes a payment the back office recorded into the balance its next operation starts from', () => {
    let paid: { customerAccountId: string; balance: number } | null = null;
    const payment = 12_345;
    const result = run((simulator, i, sofar) => {
      if (i !== 10) return;
      const charged = charges(sofar).at(-1)!.customerAccountId;
      const last = sofar.operations.filter((o) => o.customerAccountId === charged).at(-1)!;
      paid = { customerAccountId: last.customerAccountId, balance: last.balanceAfter };
      const operation = {
        id: crypto.randomUUID(),
        customerAccountId: last.customerAccountId,
        businessDay: simulationDay(9),
        at: `${simulationDay(9)}T23:00:00.000Z`,
        operation: 'payment' as const,
        amount: payment,
        balanceAfter: last.balanceAfter + payment,
        paymentName: 'Virement',
      };
      // Sent twice (a repeated answer): applied once.
      for (let n = 0; n < 2; n += 1) {
        simulator.applyBackOffice(mainRegister, {
          accounts: [],
          removedIds: [],
          options: options(),
          operations: [operation],
        });
      }
    });
    const cut = result.operations.findIndex((o) => o.businessDay >= simulationDay(10));
    const next = result.operations.slice(cut).find((o) => o.customerAccountId === paid!.customerAccountId);
    expect(next).toBeDefined();
    expect(next!.balanceAfter - next!.amount).toBe(paid!.balance + payment);
  });

  it('is the same run twice for a seed when nothing was changed', () => {
    expect(run()).toEqual(plain);
  });
});

describe('runSimulation with followBackOffice', () => {
  it("polls each establishment's main register before every day, with the cursor it was given, and obeys", async () => {
    const polls: { registerId: string; since: string | undefined }[] = [];
    const posted: SignedRecord[] = [];
    let removedIds: string[] = [];
    const client: PosClient = {
      enrollRegister: async (req) => ({
        registerId: `00000000-0000-4000-8000-${req.serial.length.toString().padStart(12, '0')}`,
        companyId: req.companyId,
        registerToken: 'token',
      }),
      putCatalog: async () => undefined,
      postBatch: async (_registerId, _token, batch) => {
        posted.push(...batch.records);
        return { batchId: batch.batchId, accepted: batch.records.length, duplicates: 0, heads: [] };
      },
      customerAccountChanges: async (registerId, _token, since) => {
        polls.push({ registerId, since });
        if (polls.length === 6) {
          // The back office removes every account charged so far.
          removedIds = [
            ...new Set(
              posted.flatMap((r) =>
                r.kind === 'customer_operation' && r.data.operation === 'charge'
                  ? [r.data.customerAccountId]
                  : [],
              ),
            ),
          ];
        }
        return { accounts: [], removedIds, operations: [], options: options(), cursor: `c${polls.length}` };
      },
    };
    const days = 14;
    const before = posted.length;
    await runSimulation(client, { endDay: END_DAY, days, accounts: ['standard'], followBackOffice: true });
    expect(polls).toHaveLength(days);
    expect(polls[0]!.since).toBeUndefined();
    expect(polls[1]!.since).toBe('c1');
    expect(posted.length).toBeGreaterThan(before);
    expect(removedIds.length).toBeGreaterThan(0);
    const sixthDay = new Simulator({ endDay: END_DAY, days, accounts: ['standard'] }).days[5]!;
    const later = posted.filter(
      (r) =>
        r.kind === 'customer_operation' &&
        r.data.businessDay >= sixthDay &&
        removedIds.includes(r.data.customerAccountId),
    );
    expect(later).toEqual([]);
  });
});

function simulationDay(index: number): string {
  return new Simulator({ endDay: END_DAY, days: DAYS, accounts: ['standard'] }).days[index]!;
}
