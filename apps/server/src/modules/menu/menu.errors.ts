import type { MenuErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const menuError = defineErrors<MenuErrorCode>({
  CATEGORY_NOT_FOUND: { status: 404, message: "Cette catégorie n'existe pas." },
});
