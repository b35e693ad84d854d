import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  videosQuery,
  videosResponse,
  videoStatesBody,
  videoStatesResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { userLanguage } from '../user/user.service';
import { listVideos, listVideoStates, saveVideoStates } from './videos.service';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** The training videos and each user's progress (spec 1 §2.8, §4, §7; spec 3 §4). Menu service `help`. */
export async function videosRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/videos',
    {
      config: { access: access.readAccount('help') },
      schema: {
        tags: ['videos'],
        summary: "The training videos in position order, each with the caller's state",
        description:
          'Titles in `locale` (the caller’s saved language when absent), French for a video without a ' +
          'translation; the captions are French.',
        querystring: videosQuery,
        response: { 200: videosResponse, ...refusals },
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const language = request.query.locale ?? (await userLanguage(db, ctx.userId));
      return { videos: await listVideos(db, ctx, language) };
    },
  );

  routes.get(
    '/api/videos/states',
    {
      config: { access: access.readAccount('help') },
      schema: {
        tags: ['videos'],
        summary: "The caller's video states (watched, inProgress or paused, with the position in seconds)",
        response: { 200: videoStatesResponse, ...refusals },
      },
    },
    async (request) => ({ states: await listVideoStates(db, requireCtx(request)) }),
  );

  routes.post(
    '/api/videos/states',
    {
      config: { access: access.writeAccount('help') },
      schema: {
        tags: ['videos'],
        summary:
          "Stores an array of the caller's video states; playing one pauses the other in progress. " +
          'Refusals: VIDEO_NOT_FOUND, INVALID_VIDEO_TIME, DUPLICATE_VIDEO_STATE, SEVERAL_VIDEOS_IN_PROGRESS',
        body: videoStatesBody,
        response: { 200: videoStatesResponse, ...refusals },
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const states = await db.transaction().execute((trx) => saveVideoStates(trx, ctx, request.body));
      return { states };
    },
  );
}
