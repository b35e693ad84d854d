import type { SupportErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const supportError = defineErrors<SupportErrorCode>({
  ACCOUNT_NOT_FOUND: { status: 404, message: "Ce compte client n'existe pas." },
});
