import { parisDayOf } from '@comptoir/contracts';
import type { ClosureData, OrderData, SignedRecord } from '@comptoir/contracts';

/** Excl.-VAT part of an incl.-VAT amount, rounded half away from zero (the registers' rule). */
export function amountExclVat(ivat: number, vatRateBp: number): number {
  const exact = (Math.abs(ivat) * 10000) / (10000 + vatRateBp);
  return Math.sign(ivat) * Math.round(exact);
}

const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((acc, item) => acc + pick(item), 0);

/** Money rules of an order; each broken rule is named so the register's developer can fix it. */
export function orderProblems(order: OrderData): string[] {
  const problems: string[] = [];
  const lines = order.lines.filter((l) => !l.removed);
  for (const line of order.lines) {
    if (line.price !== line.standardPrice * line.quantity - line.discount - line.offered) {
      problems.push(`line ${line.id}: price ≠ standardPrice × quantity − discount − offered`);
    }
    if (line.amountEvat + line.amountTax !== line.price) {
      problems.push(`line ${line.id}: amountEvat + amountTax ≠ price`);
    }
    if (line.amountEvat !== amountExclVat(line.price, line.vatRateBp)) {
      problems.push(`line ${line.id}: amountEvat is not price excl. VAT at ${line.vatRateBp / 100} %`);
    }
  }
  const expect = (name: string, found: number, expected: number) => {
    if (found !== expected) problems.push(`${name} is ${found}, expected ${expected}`);
  };
  expect(
    'amountTotalIvat',
    order.amountTotalIvat,
    sum(lines, (l) => l.price),
  );
  expect(
    'amountTotalEvat',
    order.amountTotalEvat,
    sum(lines, (l) => l.amountEvat),
  );
  expect(
    'amountTax',
    order.amountTax,
    sum(lines, (l) => l.amountTax),
  );
  expect(
    'amountOfferedIvat',
    order.amountOfferedIvat,
    sum(lines, (l) => l.offered),
  );
  expect(
    'amountDiscountIvat',
    order.amountDiscountIvat,
    sum(lines, (l) => l.discount),
  );
  expect(
    'amountTotalWoDiscountIvat',
    order.amountTotalWoDiscountIvat,
    order.amountTotalIvat + order.amountDiscountIvat,
  );
  expect(
    'sum of payments',
    sum(
      order.payments.filter((p) => !p.removed),
      (p) => p.amount,
    ),
    order.amountTotalIvat,
  );
  return problems;
}

export function closureProblems(closure: ClosureData): string[] {
  const problems: string[] = [];
  if (closure.amountTotalEvat + closure.amountTax !== closure.amountTotalIvat) {
    problems.push('amountTotalEvat + amountTax ≠ amountTotalIvat');
  }
  const taxes = closure.taxes;
  if (taxes.length > 0 && sum(taxes, (t) => t.ivat) !== closure.amountTotalIvat) {
    problems.push('sum of taxes ivat ≠ amountTotalIvat');
  }
  if (closure.startDay > closure.endDay) problems.push('startDay is after endDay');
  return problems;
}

export function recordProblems(record: SignedRecord): string[] {
  switch (record.kind) {
    case 'order':
      return orderProblems(record.data);
    case 'closure':
      return closureProblems(record.data);
    default:
      return [];
  }
}

/** The business day a record belongs to, for the closed-period rule; null when it has none. */
export function recordBusinessDay(record: SignedRecord): string | null {
  switch (record.kind) {
    case 'service':
    case 'order':
    case 'cash_movement':
    case 'credit':
    case 'customer_operation':
      return record.data.businessDay;
    case 'closure':
      return record.data.endDay;
    default:
      return null;
  }
}

/** How far a register's clock may run ahead of the server's (drift) before its records are refused. */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/** The instants a record's data carries at its top level, by field name. */
function dataInstants(record: SignedRecord): Record<string, string> {
  switch (record.kind) {
    case 'service':
    case 'order':
      return { openedAt: record.data.openedAt, closedAt: record.data.closedAt };
    case 'receipt':
      return { printedAt: record.data.printedAt };
    case 'cash_movement':
    case 'credit':
    case 'customer_account':
    case 'customer_operation':
    case 'technical_intervention':
      return { at: record.data.at };
    case 'closure':
      return { openingDate: record.data.openingDate, closingDate: record.data.closingDate };
    case 'control_strip':
      return {};
  }
}

/**
 * The first date of a record that lies beyond the server clock (`now` + MAX_CLOCK_AHEAD_MS): its
 * `at`, a top-level instant of its data, or its business day; null when none does.
 */
export function dateAhead(record: SignedRecord, now: number): { field: string; value: string } | null {
  const latest = now + MAX_CLOCK_AHEAD_MS;
  if (Date.parse(record.at) > latest) return { field: 'at', value: record.at };
  for (const [name, value] of Object.entries(dataInstants(record))) {
    if (Date.parse(value) > latest) return { field: `data.${name}`, value };
  }
  // A month or year closure made on its last open day rightly names the days after it.
  const isPeriodClosure = record.kind === 'closure' && record.data.type > 2;
  const day = isPeriodClosure ? null : recordBusinessDay(record);
  if (day && day > parisDayOf(new Date(latest))) {
    return { field: record.kind === 'closure' ? 'data.endDay' : 'data.businessDay', value: day };
  }
  return null;
}
