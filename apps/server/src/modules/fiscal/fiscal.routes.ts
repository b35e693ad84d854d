import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closureByIdRequest,
  closureByIdResponse,
  closureListQuery,
  closureListResponse,
  controlStripRowsResponse,
  controlStripSalesQuery,
  controlStripShiftQuery,
  errorResponse,
  pdfDataResponse,
  pdfTargetQuery,
  technicalInterventionListResponse,
  technicalInterventionParams,
  technicalInterventionQuery,
  technicalInterventionRow,
  trackingParams,
  trackingQuery,
  trackingResponse,
  trackingServerQuery,
  trackingServerResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { closuresById, listClosures } from './fiscal-closures.service';
import {
  controlStripOfSale,
  controlStripOfShift,
  technicalIntervention,
  technicalInterventions,
} from './fiscal-interventions.service';
import { isPdfTargetReadable } from './fiscal-documents.service';
import { fiscalError } from './fiscal.errors';
import { scopeOf } from './fiscal.service';
import { tracking, trackingServer } from './fiscal-tracking.service';
import { pdfData } from './pdf-link';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const accessDoc =
  'Bearer token of kind user (holder, or sub-user with the fiscal_administration service), view_as or ' +
  'fiscal; reads only the caller’s account (another account’s id: 404 FISCAL_RECORD_NOT_FOUND).';

/** Fiscal administration, read only: closures, tracking, control strips, interventions, PDF data (issue 5). */
export async function fiscalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  // `clotureById` reads through a POST body: it writes nothing, so view-as sessions call it too.
  const guard = { access: access.readFiscal() };

  app.get(
    '/api/administration-fiscale/cloture',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'Closures whose period meets the business days asked, newest first',
        description:
          `${accessDoc} \`type\` 1..6, or 7 for all; 400 INVALID_PERIOD when startDate is after endDate, ` +
          'DATE_OUT_OF_RANGE / PERIOD_TOO_LONG outside the fiscal period rule (withFiscalPeriod).',
        querystring: closureListQuery,
        response: { 200: closureListResponse, ...refusals },
      },
    },
    (request) => listClosures(db, requireCtx(request), request.query),
  );

  app.post(
    '/api/administration-fiscale/clotureById',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'Closures in full: their services, VAT details and payments',
        description: `${accessDoc} Read only despite the POST.`,
        body: closureByIdRequest,
        response: { 200: closureByIdResponse, ...refusals },
      },
    },
    (request) => closuresById(db, requireCtx(request), request.body.cloturesIds),
  );

  app.get(
    '/api/administration-fiscale/tracking/:kind',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary:
          'Services, orders, lines, prints, cash movements, credits, registers, or their audit history',
        description:
          `${accessDoc} What each kind answers and the filters it reads are documented on \`trackingQuery\` ` +
          'in packages/contracts/src/fiscal.ts; 400 FILTER_REQUIRED when a kind needs a filter it was not given.',
        params: trackingParams,
        querystring: trackingQuery,
        response: { 200: trackingResponse, ...refusals },
      },
    },
    (request) => tracking(db, requireCtx(request), request.params.kind, request.query),
  );

  app.get(
    '/api/administration-fiscale/tracking-server',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'Tracking rows written by the server over the Paris days asked',
        description: accessDoc,
        querystring: trackingServerQuery,
        response: { 200: trackingServerResponse, ...refusals },
      },
    },
    (request) => trackingServer(db, requireCtx(request), request.query),
  );

  app.get(
    '/api/controlStripShiftDocument',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: "A service's control strip (shift and sales documents), in time order",
        description: `${accessDoc} idShiftDocument: the service id.`,
        querystring: controlStripShiftQuery,
        response: { 200: controlStripRowsResponse, ...refusals },
      },
    },
    (request) => controlStripOfShift(db, requireCtx(request), request.query.idShiftDocument),
  );

  app.get(
    '/api/controlStripSalesDocument',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'The control strip rows of one order',
        description: `${accessDoc} idSalesDocument: the order id.`,
        querystring: controlStripSalesQuery,
        response: { 200: controlStripRowsResponse, ...refusals },
      },
    },
    (request) => controlStripOfSale(db, requireCtx(request), request.query.idSalesDocument),
  );

  app.get(
    '/api/technical-intervention',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'Technical interventions on the registers, newest first',
        description:
          `${accessDoc} objectId matches table_id; serviceId gives the interventions on the service's ` +
          'register since its previous service closed, up to its own close.',
        querystring: technicalInterventionQuery,
        response: { 200: technicalInterventionListResponse, ...refusals },
      },
    },
    (request) => technicalInterventions(db, requireCtx(request), request.query),
  );

  app.get(
    '/api/technical-intervention/:id',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'One technical intervention',
        description: accessDoc,
        params: technicalInterventionParams,
        response: { 200: technicalInterventionRow, ...refusals },
      },
    },
    (request) => technicalIntervention(db, requireCtx(request), request.params.id),
  );

  app.get(
    '/api/administration-fiscale/pdf-data',
    {
      config: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'What the portal needs to build the data host’s link of one PDF for 15 minutes',
        description:
          `${accessDoc} The query names the document (\`pdfTargetQuery\`); signature = HMAC-SHA256 (hex) ` +
          'of `dbName|timestamp|by` and that document, `by` the caller (the reprints are recorded in their ' +
          'name); a document outside the caller’s establishments: 404 FISCAL_RECORD_NOT_FOUND; links: ' +
          'see `pdfLinkQuery` in packages/contracts/src/fiscal.ts.',
        querystring: pdfTargetQuery,
        response: { 200: pdfDataResponse, ...refusals },
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      if (!(await isPdfTargetReadable(db, scopeOf(ctx), request.query))) {
        throw fiscalError('FISCAL_RECORD_NOT_FOUND');
      }
      return pdfData(app.config, ctx, request.query);
    },
  );
}
