/**
 * Which money paid which note (spec 3 "Note/ticket", "Credit detail"): the registers only record
 * signed operations on a customer account; the notes (tickets) are its charges, and the money put on
 * the account (payments, top-ups) pays them oldest first. Pure: the operations of ONE account, in time
 * order; amounts in cents.
 */

export type AllocOperationKind = 'charge' | 'payment' | 'topup' | 'refund';

export interface AllocOperation {
  id: string;
  at: Date;
  operation: AllocOperationKind;
  /** Signed cents: negative for a charge, positive for a payment or top-up. */
  amount: number;
  companyId: string;
  orderId: string | null;
  paymentTypeId: string | null;
  paymentName: string | null;
  userFirstname: string;
  userLastname: string;
}

/** A note (a charge), with what is still due on it. */
export interface AllocatedNote {
  operation: AllocOperation;
  /** Positive cents. */
  amount: number;
  /** Cents still due; 0 once paid. */
  remaining: number;
  /** The time of the operation that completed its payment (its own time when credit covered it). */
  paidAt: Date | null;
}

/** One note (part-)paid by a credit. */
export interface AllocatedCreditInfo {
  note: AllocOperation;
  /** The note's amount, positive cents. */
  amount: number;
  /** The part this credit paid. */
  amountPaid: number;
}

/** A payment or top-up and the notes it paid. */
export interface AllocatedCredit {
  operation: AllocOperation;
  /** Positive cents. */
  amount: number;
  /** What is left of it for later notes. */
  unused: number;
  infos: AllocatedCreditInfo[];
}

interface Open {
  note: AllocatedNote | null;
  remaining: number;
}

interface Pool {
  credit: AllocatedCredit | null;
  remaining: number;
}

/**
 * Allocates the money put on the account to its charges, first in first out on both sides: a
 * payment or top-up pays the oldest open charges; what is left of it pays later charges as they
 * come. A refund (money given back) takes from the unused credit, oldest first; beyond it, it is a
 * debt that later money pays before newer charges, though it is no note. Notes and credits come back
 * in the operations' order.
 */
export function allocateNotes(operations: AllocOperation[]): {
  notes: AllocatedNote[];
  credits: AllocatedCredit[];
} {
  const notes: AllocatedNote[] = [];
  const credits: AllocatedCredit[] = [];
  const open: Open[] = [];
  const pool: Pool[] = [];

  const settle = (debt: Open, money: Pool, at: Date) => {
    const taken = Math.min(debt.remaining, money.remaining);
    if (taken <= 0) return;
    debt.remaining -= taken;
    money.remaining -= taken;
    if (debt.note !== null) {
      debt.note.remaining = debt.remaining;
      if (debt.remaining === 0) debt.note.paidAt = at;
      money.credit?.infos.push({ note: debt.note.operation, amount: debt.note.amount, amountPaid: taken });
    }
    if (money.credit !== null) money.credit.unused = money.remaining;
  };

  /** Money out of the account: a note (or a debt) paid from the pool, the rest left open. */
  const owe = (debt: Open, at: Date) => {
    while (debt.remaining > 0 && pool.length > 0) {
      settle(debt, pool[0]!, at);
      if (pool[0]!.remaining === 0) pool.shift();
    }
    if (debt.remaining > 0) open.push(debt);
  };

  /** Money into the account: pays the open debts, oldest first, the rest joins the pool. */
  const receive = (money: Pool, at: Date) => {
    while (money.remaining > 0 && open.length > 0) {
      settle(open[0]!, money, at);
      if (open[0]!.remaining === 0) open.shift();
    }
    if (money.remaining > 0) pool.push(money);
  };

  for (const op of operations) {
    if (op.operation === 'charge') {
      if (op.amount < 0) {
        const note: AllocatedNote = {
          operation: op,
          amount: -op.amount,
          remaining: -op.amount,
          paidAt: null,
        };
        notes.push(note);
        owe({ note, remaining: note.amount }, op.at);
        if (note.remaining === 0) note.paidAt = op.at;
      } else if (op.amount > 0) {
        // A charge that gives money back (a correction): credit for later notes, listed nowhere.
        receive({ credit: null, remaining: op.amount }, op.at);
      }
    } else if (op.operation === 'refund') {
      const amount = Math.abs(op.amount);
      if (amount > 0) owe({ note: null, remaining: amount }, op.at);
    } else if (op.amount > 0) {
      const credit: AllocatedCredit = { operation: op, amount: op.amount, unused: op.amount, infos: [] };
      credits.push(credit);
      receive({ credit, remaining: op.amount }, op.at);
    } else if (op.amount < 0) {
      // A negative payment or top-up (a correction) takes money back like a refund.
      owe({ note: null, remaining: -op.amount }, op.at);
    }
  }
  return { notes, credits };
}
