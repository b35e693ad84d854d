import type { VideoStateEntry } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { VideoRow } from '../../db/schema/help';

export type CatalogueVideoRow = Pick<
  VideoRow,
  'id' | 'title' | 'icon' | 'link' | 'captions_link' | 'duration_seconds' | 'position'
>;

/** The training videos in position order. */
export async function listVideos(db: Db): Promise<CatalogueVideoRow[]> {
  return db
    .selectFrom('videos')
    .select(['id', 'title', 'icon', 'link', 'captions_link', 'duration_seconds', 'position'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A user's states, in the videos' order. */
export async function listVideoStates(db: Db, userId: string): Promise<VideoStateEntry[]> {
  return db
    .selectFrom('video_states')
    .innerJoin('videos', 'videos.id', 'video_states.video_id')
    .select(['video_states.video_id as videoId', 'video_states.state', 'video_states.time_seconds as time'])
    .where('video_states.user_id', '=', userId)
    .orderBy('videos.position')
    .orderBy('videos.id')
    .execute();
}

/** Stores (inserts or replaces) a user's states for the videos named. */
export async function upsertVideoStates(
  db: Db,
  userId: string,
  entries: readonly VideoStateEntry[],
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('video_states')
    .values(
      entries.map((entry) => ({
        user_id: userId,
        video_id: entry.videoId,
        state: entry.state,
        time_seconds: entry.time,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'video_id']).doUpdateSet((eb) => ({
        state: eb.ref('excluded.state'),
        time_seconds: eb.ref('excluded.time_seconds'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
