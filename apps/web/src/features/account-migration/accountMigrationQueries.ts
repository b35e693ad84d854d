import { queryOptions } from '@tanstack/react-query';
import type { MigrationEmailExistHeaders } from '@comptoir/contracts';
import { apiFetch } from '../../api/api';
import { normaliseEmail } from './migrationRules';

export const accountMigrationQueries = {
  all: () => ['accountMigration'] as const,
  /**
   * Spec 2 §5: the new e-mail must not be associated with an account yet (checked live). The server
   * answers only with step 1's check token, sent as the other step-2 call sends it.
   */
  emailExists: (email: string, checkToken: string) =>
    queryOptions({
      queryKey: [...accountMigrationQueries.all(), 'emailExists', normaliseEmail(email)] as const,
      queryFn: ({ signal }) =>
        apiFetch<boolean>(
          `/api/account/migration/email/exist?${new URLSearchParams({ email: normaliseEmail(email) })}`,
          { signal, headers: { 'x-check-token': checkToken } satisfies MigrationEmailExistHeaders },
        ),
      staleTime: 60_000,
    }),
};
