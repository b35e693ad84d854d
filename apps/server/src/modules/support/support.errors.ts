import type { SupportErrorCode } from '@comptoir/contracts';
import { AppError } from '../../platform/errors';

const supportErrors: Record<SupportErrorCode, { status: number; message: string }> = {
  ACCOUNT_NOT_FOUND: { status: 404, message: "Ce compte client n'existe pas." },
};

export function supportError(code: SupportErrorCode): AppError {
  const { status, message } = supportErrors[code];
  return new AppError(status, code, message);
}
