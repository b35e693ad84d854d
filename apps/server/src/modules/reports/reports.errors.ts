import type { ReportsErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const reportsError = defineErrors<ReportsErrorCode>({
  PERIOD_TOO_LONG: { status: 400, message: 'La période ne doit pas dépasser un an.' },
  SERVICE_NOT_FOUND: { status: 404, message: "Ce service n'existe pas." },
  ACCOUNT_REQUIRED: {
    status: 403,
    message: 'Les préférences des rapports se règlent depuis un compte client.',
  },
});
