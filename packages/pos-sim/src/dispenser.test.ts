import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderData, ServiceData } from '@comptoir/contracts';
import { simulateDispenserPours, type SimulatedPours } from './dispenser';
import { Simulator, type SimulatorOptions } from './simulator';

const OPTIONS: SimulatorOptions = { endDay: '2026-03-29', days: 21, accounts: ['suite'] };

/** The orders and services of each establishment's day, straight from the registers' batches. */
function recordsByDay(options: SimulatorOptions) {
  const days = new Map<string, { orders: OrderData[]; services: ServiceData[] }>();
  for (const batch of new Simulator(options).batches()) {
    const key = `${batch.establishmentKey}/${batch.businessDay}`;
    const day = days.get(key) ?? { orders: [], services: [] };
    days.set(key, day);
    for (const record of batch.batch.records) {
      if (record.kind === 'order') day.orders.push(record.data);
      if (record.kind === 'service') day.services.push(record.data);
    }
  }
  return days;
}

describe('the demo drink dispenser', () => {
  let counts: SimulatedPours[];
  beforeAll(() => {
    counts = [...simulateDispenserPours(OPTIONS)];
  });

  it('gives the same pours for the same options, and others for another seed', () => {
    expect([...simulateDispenserPours(OPTIONS)]).toEqual(counts);
    const reseeded = [...simulateDispenserPours({ ...OPTIONS, seed: 7 })];
    expect(reseeded.flatMap((c) => c.pours)).not.toEqual(counts.flatMap((c) => c.pours));
  });

  it('equips the cocktail bar only, with wares linked to products of its menu', () => {
    expect(new Set(counts.map((c) => c.establishmentKey))).toEqual(new Set(['bar']));
    const wares = counts[0]!.wares;
    expect(new Set(wares.map((w) => w.category))).toEqual(
      new Set(['Bières pression', 'Spiritueux', 'Vins au verre']),
    );
    const catalog = new Simulator(OPTIONS).registers.find((r) => r.key === 'bar-1')!.catalog;
    for (const ware of wares) expect(catalog.products.map((p) => p.id)).toContain(ware.productId);
  });

  it('pours every unit sold of a linked product, in the service of the sale', () => {
    const days = recordsByDay(OPTIONS);
    for (const { businessDay, wares, pours } of counts) {
      const { orders } = days.get(`bar/${businessDay}`)!;
      const productOf = new Map(wares.map((w) => [w.id, w.productId]));
      const sold = new Map<string, number>();
      for (const order of orders) {
        if (order.cancelsOrderId !== null) continue;
        for (const line of order.lines) {
          if (line.removed || !wares.some((w) => w.productId === line.productId)) continue;
          const key = `${order.serviceId}/${line.productId}`;
          sold.set(key, (sold.get(key) ?? 0) + line.quantity);
        }
      }
      const cashed = new Map<string, number>();
      for (const pour of pours.filter((p) => p.cashed)) {
        const key = `${pour.serviceId}/${productOf.get(pour.wareId)}`;
        cashed.set(key, (cashed.get(key) ?? 0) + pour.quantity);
      }
      expect(cashed, businessDay).toEqual(sold);
    }
  });

  it('pours in shift while their service is open, out of shift while none is', () => {
    const days = recordsByDay(OPTIONS);
    for (const { businessDay, pours } of counts) {
      const { services } = days.get(`bar/${businessDay}`)!;
      const windows = services.map((s) => ({
        id: s.id,
        from: Date.parse(s.openedAt),
        to: Date.parse(s.closedAt),
      }));
      for (const pour of pours) {
        const at = Date.parse(pour.pouredAt);
        if (pour.serviceId === null) {
          expect(windows.some((w) => at >= w.from && at <= w.to)).toBe(false);
        } else {
          const service = windows.find((w) => w.id === pour.serviceId)!;
          expect(at).toBeGreaterThanOrEqual(service.from);
          expect(at).toBeLessThanOrEqual(service.to);
        }
      }
    }
  });

  it('has a few pours without a sale each day and, rarely, one out of shift', () => {
    const pours = counts.flatMap((c) => c.pours);
    const notCashed = pours.filter((p) => !p.cashed && p.serviceId !== null).length;
    const outOfShift = pours.filter((p) => p.serviceId === null).length;
    expect(notCashed).toBeGreaterThanOrEqual(counts.length);
    expect(notCashed).toBeLessThan(pours.length / 4);
    expect(outOfShift).toBeGreaterThan(0);
    expect(outOfShift).toBeLessThan(counts.length / 2);
    expect(new Set(pours.map((p) => p.id)).size).toBe(pours.length);
  });

  it('stops at `until` and leaves the earlier days as they were', () => {
    const until = '2026-03-28T20:30:00.000Z';
    const cut = [...simulateDispenserPours({ ...OPTIONS, until })];
    const cutPours = cut.flatMap((c) => c.pours);
    expect(cutPours.every((p) => p.pouredAt <= until)).toBe(true);
    const before = (c: SimulatedPours) => c.businessDay < '2026-03-28';
    expect(cut.filter(before)).toEqual(counts.filter(before));
    expect(cut.find((c) => c.businessDay === '2026-03-28')?.pours.length).toBeGreaterThan(0);
    expect(cut.some((c) => c.businessDay === '2026-03-29')).toBe(false);
  });
});
