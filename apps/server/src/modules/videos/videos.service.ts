import {
  applyVideoStates,
  VIDEO_TIME_TOLERANCE_SECONDS,
  type ContentLanguage,
  type Video,
  type VideoStateEntry,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import { videosError } from './videos.errors';
import * as repo from './videos.repository';
import { videoTitle } from './videos.translations';

/** The training videos, titled in the given language, each with the caller's own state (spec 1 §3). */
export async function listVideos(db: Db, ctx: RequestContext, language: ContentLanguage): Promise<Video[]> {
  const [videos, states] = await Promise.all([repo.listVideos(db), repo.listVideoStates(db, ctx.userId)]);
  const stateOf = new Map(states.map((entry) => [entry.videoId, entry]));
  return videos.map((row) => {
    const state = stateOf.get(row.id);
    return {
      id: row.id,
      title: videoTitle(row, language),
      icon: row.icon,
      link: row.link,
      captions: row.captions_link,
      durationSeconds: row.duration_seconds,
      position: row.position,
      state: state ? { state: state.state, time: state.time } : null,
    };
  });
}

export function listVideoStates(db: Db, ctx: RequestContext): Promise<VideoStateEntry[]> {
  return repo.listVideoStates(db, ctx.userId);
}

/**
 * Stores the caller's states (the body's own rules are the contract's). Each video must exist and
 * each position fall within its duration; playing one video pauses the caller's other video in
 * progress (spec 1 §4). Answers every state the caller then has.
 */
export async function saveVideoStates(
  trx: Db,
  ctx: RequestContext,
  changes: readonly VideoStateEntry[],
  now: Date = new Date(),
): Promise<VideoStateEntry[]> {
  const durations = new Map((await repo.listVideos(trx)).map((row) => [row.id, row.duration_seconds]));
  for (const change of changes) {
    const duration = durations.get(change.videoId);
    if (duration === undefined) throw videosError('VIDEO_NOT_FOUND');
    if (change.time > duration + VIDEO_TIME_TOLERANCE_SECONDS) throw videosError('INVALID_VIDEO_TIME');
  }
  const current = await repo.listVideoStates(trx, ctx.userId);
  const next = applyVideoStates(current, changes);
  const before = new Map(current.map((entry) => [entry.videoId, entry]));
  const changed = next.filter((entry) => {
    const previous = before.get(entry.videoId);
    return !previous || previous.state !== entry.state || previous.time !== entry.time;
  });
  await repo.upsertVideoStates(trx, ctx.userId, changed, now);
  return repo.listVideoStates(trx, ctx.userId);
}
