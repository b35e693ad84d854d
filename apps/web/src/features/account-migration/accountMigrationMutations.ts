import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MigrationEmailUpdateRequest,
  MigrationEmailUpdateResponse,
  MigrationEmailVerifyResponse,
  MigrationPasswordVerifyResponse,
} from '@comptoir/contracts';
import { apiFetch } from '../../api/api';
import { readTokens } from '../../api/tokens';
import { userQueries } from '../../api/userQueries';

function refreshToken(): string {
  return readTokens(localStorage).refreshToken ?? '';
}

/** Step 1: the current password, answered by a check token. */
export function useVerifyPasswordMutation() {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<MigrationPasswordVerifyResponse>('/api/account/migration/password/verify', {
        method: 'POST',
        body: { password, refreshToken: refreshToken() },
      }),
  });
}

/** Step 2: mails the verification link to the new address; nothing changes before it is opened. */
export function useUpdateEmailMutation() {
  return useMutation({
    mutationFn: (change: Omit<MigrationEmailUpdateRequest, 'refreshToken'>) =>
      apiFetch<MigrationEmailUpdateResponse>('/api/account/migration/email/update', {
        method: 'POST',
        body: { ...change, refreshToken: refreshToken() } satisfies MigrationEmailUpdateRequest,
      }),
  });
}

/** The verification link: applies the change, after which the profile's e-mail is the new one. */
export function useVerifyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<MigrationEmailVerifyResponse>('/api/account/migration/email/verify', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: (answer) => {
      if (answer.success) void queryClient.invalidateQueries({ queryKey: userQueries.all() });
    },
  });
}
