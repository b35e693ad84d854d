import { describe, expect, it } from 'vitest';
import { allocateNotes, type AllocOperation, type AllocOperationKind } from './customer-notes.allocation';

let seq = 0;
const op = (operation: AllocOperationKind, amount: number, minute: number): AllocOperation => ({
  id: `op-${++seq}`,
  at: new Date(Date.UTC(2026, 0, 1, 12, minute)),
  operation,
  amount,
  companyId: 'c1',
  orderId: operation === 'charge' ? `order-${seq}` : null,
  paymentTypeId: operation === 'charge' ? null : 'pt-cash',
  paymentName: operation === 'charge' ? null : 'Espèces',
  userFirstname: 'Ana',
  userLastname: 'Martin',
});
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

describe('allocateNotes', () => {
  it('pays the oldest charges first and leaves the rest due on the newest', () => {
    const c1 = op('charge', -1000, 0);
    const c2 = op('charge', -500, 1);
    const c3 = op('charge', -700, 2);
    const p = op('payment', 1200, 3);
    const { notes, credits } = allocateNotes([c1, c2, c3, p]);
    expect(notes.map((n) => [n.operation.id, n.amount, n.remaining, n.paidAt])).toEqual([
      [c1.id, 1000, 0, at(3)],
      [c2.id, 500, 300, null],
      [c3.id, 700, 700, null],
    ]);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.unused).toBe(0);
    expect(credits[0]!.infos.map((i) => [i.note.id, i.amount, i.amountPaid])).toEqual([
      [c1.id, 1000, 1000],
      [c2.id, 500, 200],
    ]);
  });

  it('a note completed by a later payment is paid at that payment; the leftover pays later charges at their own time', () => {
    const c1 = op('charge', -1000, 0);
    const p1 = op('payment', 600, 1);
    const p2 = op('payment', 900, 2);
    const c2 = op('charge', -300, 3);
    const c3 = op('charge', -400, 4);
    const { notes, credits } = allocateNotes([c1, p1, p2, c2, c3]);
    expect(notes.map((n) => [n.remaining, n.paidAt])).toEqual([
      [0, at(2)],
      [0, at(3)],
      [200, null],
    ]);
    expect(credits.map((c) => c.infos.map((i) => i.amountPaid))).toEqual([[600], [400, 300, 200]]);
    expect(credits.map((c) => c.unused)).toEqual([0, 0]);
  });

  it('a top-up before the charges pre-pays them; a refund takes back unused credit first', () => {
    const t = op('topup', 2000, 0);
    const r = op('refund', -1500, 1);
    const c1 = op('charge', -400, 2);
    const c2 = op('charge', -300, 3);
    const { notes, credits } = allocateNotes([t, r, c1, c2]);
    expect(notes.map((n) => [n.remaining, n.paidAt])).toEqual([
      [0, at(2)],
      [200, null],
    ]);
    expect(credits[0]!.infos.map((i) => i.amountPaid)).toEqual([400, 100]);
    // Unpaid notes add up to what the account owes: balance 2000 - 1500 - 400 - 300 = -200.
    expect(notes.reduce((sum, n) => sum + n.remaining, 0)).toBe(200);
  });

  it('keeps the invariant: unpaid remaining equals minus a negative balance, credits paid equals notes paid', () => {
    const ops: AllocOperation[] = [];
    let balance = 0;
    for (let i = 0; i < 40; i++) {
      const amount = i % 3 === 2 ? 700 + i * 13 : -(300 + ((i * 97) % 900));
      ops.push(op(amount > 0 ? 'payment' : 'charge', amount, i));
      balance += amount;
    }
    const { notes, credits } = allocateNotes(ops);
    const unpaid = notes.reduce((s, n) => s + n.remaining, 0);
    const unused = credits.reduce((s, c) => s + c.unused, 0);
    expect(unused - unpaid).toBe(balance);
    expect(unpaid === 0 || unused === 0).toBe(true);
    const paidByCredits = credits.flatMap((c) => c.infos).reduce((s, i) => s + i.amountPaid, 0);
    expect(paidByCredits).toBe(notes.reduce((s, n) => s + n.amount - n.remaining, 0));
    for (const n of notes) expect(n.paidAt === null).toBe(n.remaining > 0);
  });

  it('gives nothing for no operations', () => {
    expect(allocateNotes([])).toEqual({ notes: [], credits: [] });
  });
});
