import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerPaymentRecord, customerPaymentRecorded, errorResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { recordCustomerPayment } from './customer-payments.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};

/** Payments received outside the till, recorded from the back office (issue 31, item 27). */
export async function customerPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/customer-account/payments',
    {
      // A signed fiscal record: the holder, or a sub-user with the service on that establishment.
      config: { access: access.writeAccount('customer_account') },
      schema: {
        tags: ['customer-accounts'],
        summary: 'Record a payment received outside the till (a bank transfer) on a customer account',
        description:
          'A signed `customer_operation` (payment, no payment type) of the establishment’s back-office ' +
          'register, whose key is the server’s: it pays the oldest notes first, the registers receive ' +
          'it through `GET /pos/v1/customer-accounts`, and the FEC books it on the account linked to ' +
          'out-of-till transfers. `amount` in cents (1 to 100 000 000); `reference` the bank’s, shown ' +
          'as « Virement {reference} ». 404 CUSTOMER_PAYMENT_COMPANY_NOT_FOUND for an establishment not ' +
          'the caller’s, CUSTOMER_PAYMENT_CUSTOMER_NOT_FOUND for an account not in it; 422 ' +
          'CUSTOMER_PAYMENT_OVER_DEBT (details.owed) when `ca_no_up_amount` is on and it exceeds the ' +
          'debt; 422 PERIOD_CLOSED when the day is already closed.',
        body: customerPaymentRecord,
        response: { 201: customerPaymentRecorded, ...errors },
      },
    },
    async (request, reply) => {
      const recorded = await recordCustomerPayment(
        { database: app.database, serverKey: app.serverKey },
        requireCtx(request),
        request.body,
      );
      return reply.status(201).send(recorded);
    },
  );
}
