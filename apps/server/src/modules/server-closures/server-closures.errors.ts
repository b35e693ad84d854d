import type { ServerClosuresErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const serverClosuresError = defineErrors<ServerClosuresErrorCode>({
  INVALID_PERIOD: { status: 400, message: 'La date de début est supérieure à la date de fin' },
});
