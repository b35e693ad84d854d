import type { Generated, Selectable } from 'kysely';
import type { Timestamp, JsonWithDefault, WithDefault } from './columns';

/** A menu text in the interface languages other than French. */
export type MenuTranslations = Partial<Record<'en' | 'es' | 'ca', string>>;

/** A dashboard grid item; `type` 0 is reporting, anything else sales reporting. */
export interface MenuCategoryTable {
  id: Generated<string>;
  parent_id: string | null;
  /** French; the other interface languages are in `titles`. */
  title: string;
  description: string | null;
  /** Translations of `title` (migration 004): `{ en, es, ca }`, any of them may be missing. */
  titles: JsonWithDefault<MenuTranslations>;
  descriptions: JsonWithDefault<MenuTranslations>;
  link: string;
  icon: string | null;
  new_icon: string | null;
  position: WithDefault<number>;
  type: WithDefault<number>;
  is_react: WithDefault<boolean>;
  /** The sub-user service that may see it; null for everyone. */
  service_name: string | null;
  created_at: Timestamp;
}
export type MenuCategoryRow = Selectable<MenuCategoryTable>;

/** The dashboard menu (`modules/menu`). */
export interface MenuTables {
  menu_categories: MenuCategoryTable;
}
