import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { authenticateAnyKind, createAuthGuard, mayUseService, requireCtx } from '../../platform/auth-guard';
import { authError } from '../auth/auth.errors';
import { pdfData } from '../data-host/pdf-link';
import {
  closuresById,
  controlStripOfSale,
  controlStripOfShift,
  listClosures,
  technicalIntervention,
  technicalInterventions,
  tracking,
  trackingServer,
} from './fiscal.service';

/** A sub-user reads the fiscal area only with its service; fiscal and view-as tokens always do. */
export async function requireFiscalReader(request: FastifyRequest): Promise<void> {
  const ctx = requireCtx(request);
  if (ctx.kind === 'user' && !mayUseService(ctx, 'fiscal_administration'))
    throw authError('SUB_USER_NO_ACCESS');
}

/** `clotureById` reads through a POST body: a view-as session may call it. */
const authenticateAnyKindReadingByPost = createAuthGuard({
  kinds: ['user', 'view_as', 'fiscal'],
  allowViewAsWrites: true,
});

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const accessDoc =
  'Bearer token of kind user (holder, or sub-user with the fiscal_administration service), view_as or ' +
  'fiscal; reads only the caller’s account (another account’s id: 404 FISCAL_RECORD_NOT_FOUND).';

/** Fiscal administration, read only: closures, tracking, control strips, interventions, PDF data (issue 5). */
export async function fiscalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const guard = [authenticateAnyKind, requireFiscalReader];

  app.get(
    '/api/administration-fiscale/cloture',
    {
      onRequest: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'Closures whose period meets the business days asked, newest first',
        description: `${accessDoc} \`type\` 1..6, or 7 for all; 400 INVALID_PERIOD when startDate is after endDate.`,
        querystring: closureListQuery,
        response: { 200: closureListResponse, ...refusals },
      },
    },
    (request) => listClosures(db, requireCtx(request), request.query),
  );

  app.post(
    '/api/administration-fiscale/clotureById',
    {
      onRequest: [authenticateAnyKindReadingByPost, requireFiscalReader],
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
      onRequest: guard,
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
      onRequest: guard,
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
      onRequest: guard,
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
      onRequest: guard,
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
      onRequest: guard,
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
      onRequest: guard,
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
      onRequest: guard,
      schema: {
        tags: ['fiscal'],
        summary: 'What the portal needs to build the data host’s PDF links for 15 minutes',
        description:
          `${accessDoc} signature = HMAC-SHA256 (hex) of \`dbName|timestamp\`; links: see \`pdfLinkQuery\` ` +
          'in packages/contracts/src/fiscal.ts.',
        response: { 200: pdfDataResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => pdfData(app.config, requireCtx(request).accountId),
  );
}
