import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, pdfLinkQuery } from '@comptoir/contracts';
import { renderLinkedPdf } from './data-host.service';
import { PDF_PATH } from '../fiscal/pdf-link';
import { access } from '../../platform/access';

/**
 * The data host: printable documents behind links signed by `GET /api/administration-fiscale/pdf-data`
 * (no Bearer token: the link is the credential, for 15 minutes, for one document of one account).
 */
export async function dataHostRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    PDF_PATH,
    {
      // Each print adds a « DUPLICATA » row to document_reprints.
      config: {
        access: access.public(
          'a link signed for one document for 15 minutes by GET /api/administration-fiscale/pdf-data',
          {
            writes: true,
          },
        ),
      },
      schema: {
        tags: ['fiscal'],
        summary:
          'A Z report, a ticket or a print of a register (« DUPLICATA »), or the fiscal incident list, as a PDF',
        description:
          'action z: closure_id, or service_id (its daily closure), cash_register_id optional; ticket: order_id; ' +
          'receipt: receipt_id; incidents: the fiscal incident list, start/end business days optional. ' +
          'The signature covers the document and the requester `by`: 403 PDF_LINK_INVALID (signature, ' +
          'another document), PDF_LINK_EXPIRED (ts older than 15 minutes ' +
          'or ahead of the clock); 404 PDF_DOCUMENT_NOT_FOUND outside the account of `db`; 400 ' +
          'PDF_TARGET_REQUIRED. Each print adds a row to document_reprints in the name of `by`. `download=1`: as an attachment.',
        querystring: pdfLinkQuery,
        response: {
          200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('application/pdf'),
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await renderLinkedPdf(app.database.db, app.config, request.query);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
