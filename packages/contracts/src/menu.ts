import { z } from 'zod';

/** Interface language of a request for translated content; French when absent. */
export const contentLanguage = z.enum(['fr', 'en', 'es', 'ca']);
export type ContentLanguage = z.infer<typeof contentLanguage>;

export const categoriesQuery = z.object({ locale: contentLanguage.default('fr') });

/**
 * A dashboard category or menu item (spec 1 §3). `type` 0 is a reporting item, any other value a
 * sales-reporting item; `is_react` items are portal pages at `/{link}`; a link containing `http`
 * opens outside the portal. `childrens` keeps the spec's spelling.
 */
export interface MenuItem {
  id: string;
  title: string;
  description: string | null;
  link: string;
  icon: string | null;
  new_icon: string | null;
  position: number;
  type: number;
  is_react: boolean;
  service_name: string | null;
  childrens: MenuItem[];
}

/** Named: the OpenAPI document gives the recursion a component to refer to. */
export const menuItem: z.ZodType<MenuItem> = z
  .lazy(() =>
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string().nullable(),
      link: z.string(),
      icon: z.string().nullable(),
      new_icon: z.string().nullable(),
      position: z.number().int(),
      type: z.number().int(),
      is_react: z.boolean(),
      service_name: z.string().nullable(),
      childrens: z.array(menuItem),
    }),
  )
  .meta({ id: 'MenuItem' });

/** `GET /api/categories`: the caller's top-level categories in position order, children nested. */
export const categoriesResponse = z.object({ categories: z.array(menuItem) });
export type CategoriesResponse = z.infer<typeof categoriesResponse>;

/** `GET /api/categories/:id`: one item the caller may open; 404 unknown, 403 SUB_USER_NO_ACCESS. */
export const categoryParams = z.object({ id: z.uuid() });
export const categoryResponse = menuItem.describe('One menu item with its children.');

/** Codes the menu answers with besides the auth guard's (SUB_USER_NO_ACCESS is an auth code). */
export const menuErrorCode = z.enum(['CATEGORY_NOT_FOUND']);
export type MenuErrorCode = z.infer<typeof menuErrorCode>;
