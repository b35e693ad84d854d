import type { JetErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const jetError = defineErrors<JetErrorCode>({
  INVALID_PERIOD: { status: 400, message: 'La date de début doit précéder la date de fin.' },
});
