import type { ContentLanguage, MenuItem } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { MenuTranslations } from '../../db/schema/menu';
import { mayUseService } from '../../platform/auth-guard';
import type { RequestContext } from '../../platform/request-context';
import { authError } from '../../platform/auth-errors';
import { menuError } from './menu.errors';
import * as repo from './menu.repository';

/** A translation of the row's French text, if it has one in that language. */
function translation(translations: MenuTranslations, language: ContentLanguage): string | undefined {
  return language === 'fr' ? undefined : translations[language] || undefined;
}

function menuRowToMenuItem(row: repo.MenuRow, language: ContentLanguage, childrens: MenuItem[]): MenuItem {
  return {
    id: row.id,
    title: translation(row.titles, language) ?? row.title,
    description: translation(row.descriptions, language) ?? row.description,
    link: row.link,
    icon: row.icon,
    new_icon: row.new_icon,
    position: row.position,
    type: row.type,
    is_react: row.is_react,
    service_name: row.service_name,
    childrens,
  };
}

/** The menu as this caller sees it: an item is kept only if the caller may use its service. */
class VisibleMenu {
  private readonly rows: Map<string, repo.MenuRow>;
  private readonly children = new Map<string | null, repo.MenuRow[]>();

  constructor(
    rows: repo.MenuRow[],
    private readonly ctx: RequestContext,
    private readonly language: ContentLanguage,
  ) {
    this.rows = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      const siblings = this.children.get(row.parent_id) ?? [];
      siblings.push(row);
      this.children.set(row.parent_id, siblings);
    }
  }

  roots(): MenuItem[] {
    return this.itemsUnder(null);
  }

  find(id: string): repo.MenuRow | undefined {
    return this.rows.get(id);
  }

  /** The row and its ancestors all allowed: a child is never reached through a hidden parent. */
  isVisible(row: repo.MenuRow): boolean {
    for (
      let at: repo.MenuRow | undefined = row;
      at;
      at = at.parent_id ? this.rows.get(at.parent_id) : undefined
    ) {
      if (!mayUseService(this.ctx, at.service_name)) return false;
    }
    return true;
  }

  item(row: repo.MenuRow): MenuItem {
    return menuRowToMenuItem(row, this.language, this.itemsUnder(row.id));
  }

  private itemsUnder(parentId: string | null): MenuItem[] {
    return (this.children.get(parentId) ?? [])
      .filter((row) => mayUseService(this.ctx, row.service_name))
      .map((row) => this.item(row));
  }
}

/** `GET /api/categories`: the caller's top-level items in position order, visible children nested. */
export async function listCategories(
  db: Db,
  ctx: RequestContext,
  language: ContentLanguage,
): Promise<MenuItem[]> {
  return new VisibleMenu(await repo.listMenuRows(db), ctx, language).roots();
}

/** One item with its visible children; 404 CATEGORY_NOT_FOUND, 403 SUB_USER_NO_ACCESS when hidden. */
export async function getCategory(
  db: Db,
  ctx: RequestContext,
  id: string,
  language: ContentLanguage,
): Promise<MenuItem> {
  const menu = new VisibleMenu(await repo.listMenuRows(db), ctx, language);
  const row = menu.find(id);
  if (!row) throw menuError('CATEGORY_NOT_FOUND');
  if (!menu.isVisible(row)) throw authError('SUB_USER_NO_ACCESS');
  return menu.item(row);
}
