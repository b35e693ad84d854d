import { describe, expect, it } from 'vitest';
import { groupPayments, keepShown, selectAllState, toggleAllNotes, toggleNote } from './ticketSelection';

const SHOWN = ['a', 'b', 'c'];

describe('the selection of notes', () => {
  it('ticks and unticks checkboxes one by one', () => {
    expect(toggleNote([], 'a', 'multiple')).toEqual(['a']);
    expect(toggleNote(['a', 'b'], 'a', 'multiple')).toEqual(['b']);
  });

  it('keeps one credit only (radio buttons)', () => {
    expect(toggleNote(['a'], 'b', 'single')).toEqual(['b']);
    expect(toggleNote(['a'], 'a', 'single')).toEqual(['a']);
  });

  it('select-all ticks every shown note, then unticks them all', () => {
    expect(selectAllState([], SHOWN)).toBe('none');
    expect(selectAllState(['b'], SHOWN)).toBe('some');
    expect(toggleAllNotes(['b'], SHOWN)).toEqual(SHOWN);
    expect(selectAllState(SHOWN, SHOWN)).toBe('all');
    expect(toggleAllNotes(SHOWN, SHOWN)).toEqual([]);
    expect(selectAllState([], [])).toBe('none');
  });

  it('drops ticked notes that a reload no longer shows', () => {
    expect(keepShown(['c', 'x', 'a'], SHOWN)).toEqual(['a', 'c']);
  });

  it('groups the payments of the PDF call by customer', () => {
    const payment = (idPayment: string, customerId: string) => ({ idPayment, customerId, userDb: 'co' });
    expect(groupPayments([payment('1', 'A'), payment('2', 'B'), payment('3', 'A')])).toEqual([
      { customerId: 'A', payments: [payment('1', 'A'), payment('3', 'A')] },
      { customerId: 'B', payments: [payment('2', 'B')] },
    ]);
  });
});
