import { describe, expect, it } from 'vitest';
import { detailLink, detailPath, isFiscalDetailKind } from './fiscalNavigation';
import { withQuery } from './fiscalQueries';

describe('fiscal navigation and calls', () => {
  it('opens a record at /administration-fiscale/{kind}/details/{id}', () => {
    expect(detailPath('clotures', 'c1')).toBe('/administration-fiscale/clotures/details/c1');
    expect(detailPath('orderlines', 'l1')).toBe('/administration-fiscale/orderlines/details/l1');
  });

  it("knows the spec's detail kinds and nothing else", () => {
    expect(isFiscalDetailKind('paymentlines')).toBe(true);
    expect(isFiscalDetailKind('bogus')).toBe(false);
    expect(isFiscalDetailKind('errors')).toBe(false);
    expect(isFiscalDetailKind(undefined)).toBe(false);
  });

  it('carries the clicked row and the register in the navigation state, the service in the address', () => {
    const row = { id: 'm1', amount: -1000 };
    expect(detailLink('mvtcaisse', 'm1', { row, registerId: 'r1', serviceId: 's1' })).toEqual({
      to: '/administration-fiscale/mvtcaisse/details/m1?service=s1',
      state: { row, registerId: 'r1', serviceId: 's1' },
    });
  });

  it('sends only the filters that are set', () => {
    expect(
      withQuery('/api/administration-fiscale/tracking/order-line', { orderId: 'o1', objectId: undefined }),
    ).toBe('/api/administration-fiscale/tracking/order-line?orderId=o1');
    expect(
      withQuery('/api/administration-fiscale/cloture', {
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        type: 7,
      }),
    ).toBe('/api/administration-fiscale/cloture?startDate=2026-11-01&endDate=2026-11-30&type=7');
    expect(withQuery('/api/technical-intervention', {})).toBe('/api/technical-intervention');
  });
});
