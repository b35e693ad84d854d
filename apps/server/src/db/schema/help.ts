import type { Generated, Selectable } from 'kysely';
import type { Timestamp, WithDefault } from './columns';

export interface DocumentTable {
  id: Generated<string>;
  title: string;
  author: string | null;
  description: string | null;
  pdf_url: string;
  background_url: string | null;
  is_suite: WithDefault<boolean>;
  position: WithDefault<number>;
  created_at: Timestamp;
}

export interface VideoTable {
  id: Generated<string>;
  title: string;
  icon: string | null;
  link: string;
  position: WithDefault<number>;
  is_suite: WithDefault<boolean>;
  created_at: Timestamp;
  /** Migration 022: the French captions (WebVTT) and the length, which bounds a stored position. */
  captions_link: string | null;
  duration_seconds: WithDefault<number>;
}
export type VideoRow = Selectable<VideoTable>;

export type VideoPlayState = 'watched' | 'inProgress' | 'paused';

export interface VideoStateTable {
  user_id: string;
  video_id: string;
  state: VideoPlayState;
  /** Playback position (the spec's `time`). */
  time_seconds: WithDefault<number>;
  updated_at: Timestamp;
}

export interface FaqItemTable {
  id: Generated<string>;
  locale: WithDefault<string>;
  category: string;
  /** The question. */
  trigger: string;
  content: string;
  position: WithDefault<number>;
  created_at: Timestamp;
}
export type FaqItemRow = Selectable<FaqItemTable>;

/** Help content: documentation, videos and their progress, FAQ. */
export interface HelpTables {
  documents: DocumentTable;
  videos: VideoTable;
  video_states: VideoStateTable;
  faq_items: FaqItemTable;
}
