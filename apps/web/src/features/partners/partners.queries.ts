import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConnexionTokenResponse,
  GenerateLinkResponse,
  IpadTokenResponse,
  Partner,
  PartnersResponse,
} from '@comptoir/contracts';
import { apiFetch, apiGet } from '../../api/api';

/** The partner calls of spec 1 §7 (grid, ipadToken, generate-link) and the connection token. */
export const partnerQueries = {
  all: () => ['partners'] as const,
  grid: () =>
    queryOptions({
      queryKey: [...partnerQueries.all(), 'grid'] as const,
      queryFn: ({ signal }) => apiGet<PartnersResponse>('/api/partners', signal),
    }),
};

/** Every partner of the grid, categories flattened, in order. */
export function allPartners(grid: PartnersResponse | undefined): Partner[] {
  return grid?.partnersCategories.flatMap((category) => category.partners) ?? [];
}

/** Activation steps 2 (ipadToken) and the key (generate-link): the key comes back once. */
export function useGenerateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (partnerId: string): Promise<GenerateLinkResponse> => {
      const { ipadToken } = await apiFetch<IpadTokenResponse>('/api/partnership/ipadToken', {
        method: 'POST',
        body: {},
      });
      return apiFetch<GenerateLinkResponse>('/api/partnership/generate-link', {
        method: 'POST',
        body: { ipadToken, partnerId },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerQueries.all() }),
  });
}

export function useConnexionToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) =>
      apiFetch<ConnexionTokenResponse>('/api/partners/connexion-token', {
        method: 'POST',
        body: { partnerId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerQueries.all() }),
  });
}
