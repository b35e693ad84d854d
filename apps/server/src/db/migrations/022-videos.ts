import { type Kysely, sql } from 'kysely';

/**
 * Issue 19: the seven training videos (spec 1 §2.8, spec 3 §4), made by
 * `apps/web/scripts/make-training-videos.sh` and served with the portal from `/videos/`. Every install
 * has them, not only the demo: the ids are stable (the states of `video_states` point to them).
 * A video gets its captions' address and its duration, which bounds the positions a client may store.
 */
const TRAINING_VIDEOS = [
  { slug: '01-premiers-pas', title: 'Premiers pas sur Comptoir' },
  { slug: '02-rapports', title: 'Lire vos rapports' },
  { slug: '03-clotures', title: 'Les clôtures journalières, mensuelles et annuelles' },
  { slug: '04-archive-fiscale', title: "L'archive fiscale et sa vérification" },
  { slug: '05-export-comptable', title: "L'export comptable (FEC)" },
  { slug: '06-comptes-clients', title: 'Les comptes clients' },
  { slug: '07-inspecteur', title: "Inviter l'inspecteur des impôts" },
] as const;

/** Each video is three slides of four seconds. */
const DURATION_SECONDS = 12;

const trainingVideoId = (position: number) => `a1de0000-0000-4000-8000-${String(position).padStart(12, '0')}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('captions_link', 'text')
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('video_states')
    .addCheckConstraint('video_states_time_ck', sql`time_seconds >= 0`)
    .execute();

  const rows = TRAINING_VIDEOS.map((video, index) => ({
    id: trainingVideoId(index + 1),
    title: video.title,
    icon: `/videos/training-${video.slug}.jpg`,
    link: `/videos/training-${video.slug}.webm`,
    captions_link: `/videos/training-${video.slug}.fr.vtt`,
    duration_seconds: DURATION_SECONDS,
    position: index + 1,
    is_suite: false,
  }));
  await (db as Kysely<{ videos: (typeof rows)[number] }>).insertInto('videos').values(rows).execute();
}
