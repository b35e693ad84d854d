import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../app/api';
import { normaliseEmail } from './migrationRules';

export const accountMigrationQueries = {
  all: () => ['accountMigration'] as const,
  /** Spec 2 §5: the new e-mail must not be associated with an account yet (checked live). */
  emailExists: (email: string) =>
    queryOptions({
      queryKey: [...accountMigrationQueries.all(), 'emailExists', normaliseEmail(email)] as const,
      queryFn: ({ signal }) =>
        apiGet<boolean>(
          `/api/account/migration/email/exist?${new URLSearchParams({ email: normaliseEmail(email) })}`,
          signal,
        ),
      staleTime: 60_000,
    }),
};
