import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { ClosureData } from '@comptoir/contracts';
import { ChainWriter, keyPairFromSeed, rawPublicKey } from '@comptoir/fiscal';
import { oneLineOrder, type TestApp } from '../../test-helpers';

/**
 * A new register of the establishment sends a sale of `day` (a known category and payment type),
 * then closes the day (its daily Z): a day is exported only once its registers closed it. Each
 * `register` number is another register (its first sale each time).
 */
export async function sendLateOrder(
  t: TestApp,
  token: string,
  companyId: string,
  day: string,
  price: number,
  register = 17,
): Promise<void> {
  const db = () => t.database.db;
  const [line, payment] = await Promise.all([
    db()
      .selectFrom('order_lines')
      .select('category_id')
      .where('company_id', '=', companyId)
      .where('vat_rate', '=', '0.1')
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom('payment_lines')
      .select('payment_type_id')
      .where('company_id', '=', companyId)
      .where('customer_account_id', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const keys = keyPairFromSeed(Buffer.alloc(32, register));
  const enrolled = await t.as(token).post('/pos/v1/registers', {
    companyId: companyId,
    name: 'Caisse tardive',
    serial: `SN-LATE-${register}`,
    publicKey: rawPublicKey(keys.publicKey),
  });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  const { registerId, registerToken } = enrolled.json<{ registerId: string; registerToken: string }>();
  const order = oneLineOrder(1, day, price, {
    categoryId: line.category_id,
    paymentTypeId: payment.payment_type_id,
  });
  const chain = new ChainWriter(keys.privateKey, registerId, 'order');
  const closures = new ChainWriter(keys.privateKey, registerId, 'closure');
  const closure: ClosureData = {
    id: crypto.randomUUID(),
    type: 1,
    startDay: day,
    endDay: day,
    openingDate: order.openedAt,
    closingDate: `${day}T21:00:00.000Z`,
    amountTotalIvat: order.amountTotalIvat,
    amountTotalEvat: order.amountTotalEvat,
    amountTax: order.amountTax,
    amountDiscountIvat: 0,
    amountOfferedIvat: 0,
    amountTotalWoDiscountIvat: order.amountTotalIvat,
    amountPaymentShift: 0,
    grandTotalIvat: order.amountTotalIvat,
    payments: order.payments.map((p) => ({
      paymentTypeId: p.paymentTypeId,
      paymentName: p.paymentName,
      amount: p.amount,
      overpayment: 0,
      credit: 0,
    })),
    taxes: [
      { vatRateBp: 1000, evat: order.amountTotalEvat, tax: order.amountTax, ivat: order.amountTotalIvat },
    ],
    serviceIds: [order.serviceId],
    comment: null,
  };
  const sent = await t.asRegister(registerToken).post(`/pos/v1/registers/${registerId}/batches`, {
    batchId: crypto.randomUUID(),
    records: [chain.append(`${day}T20:00:00.000Z`, order), closures.append(`${day}T21:00:00.000Z`, closure)],
  });
  expect(sent.statusCode, sent.body).toBe(200);
}
