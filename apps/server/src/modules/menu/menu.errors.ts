import type { MenuErrorCode } from '@comptoir/contracts';
import { AppError } from '../../platform/errors';

const menuErrors: Record<MenuErrorCode, { status: number; message: string }> = {
  CATEGORY_NOT_FOUND: { status: 404, message: "Cette catégorie n'existe pas." },
};

export function menuError(code: MenuErrorCode): AppError {
  const { status, message } = menuErrors[code];
  return new AppError(status, code, message);
}
