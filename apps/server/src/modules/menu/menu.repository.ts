import type { Db } from '../../db/database';
import type { MenuCategoryRow } from '../../db/schema/menu';

export type MenuRow = Omit<MenuCategoryRow, 'created_at'>;

const MENU_COLUMNS = [
  'id',
  'parent_id',
  'title',
  'description',
  'titles',
  'descriptions',
  'link',
  'icon',
  'new_icon',
  'position',
  'type',
  'is_react',
  'service_name',
] as const;

/** The whole menu (a few dozen rows, the same for every account), siblings in position order. */
export async function listMenuRows(db: Db): Promise<MenuRow[]> {
  return db
    .selectFrom('menu_categories')
    .select(MENU_COLUMNS)
    .orderBy('position')
    .orderBy('title')
    .orderBy('id')
    .execute();
}
