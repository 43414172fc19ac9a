import type { Sponsorship, SponsorshipInput, SponsorshipList } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';

export const sponsorshipsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'sponsorships'],
    queryFn: ({ signal }) => getJson<SponsorshipList>(apiPaths.sponsorships, { signal }),
  });

/** The recorded deals, the latest start first. */
export function useSponsorships() {
  return useQuery(sponsorshipsQueryOptions());
}

export function saveSponsorship(input: SponsorshipInput, id?: number): Promise<Sponsorship> {
  const request =
    id === undefined
      ? apiRequest('POST', apiPaths.sponsorships, input)
      : apiRequest('PUT', apiPaths.sponsorship(id), input);
  return request.then((res) => readJson<Sponsorship>(res));
}

export function deleteSponsorship(id: number): Promise<Sponsorship> {
  return apiRequest('DELETE', apiPaths.sponsorship(id)).then((res) => readJson<Sponsorship>(res));
}

/** Adds a deal (no id) or replaces one; the list reloads either way. */
export function useSaveSponsorship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: SponsorshipInput; id?: number }) => saveSponsorship(input, id),
    onSuccess: (deal, { id }) => {
      replaceToast({
        title: 'Sponsorship saved',
        description: `${deal.sponsorName} ${id === undefined ? 'added' : 'updated'}`,
      });
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to save sponsorship',
        description: error.message,
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipsQueryOptions().queryKey }),
  });
}

export function useDeleteSponsorship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSponsorship,
    onSuccess: (deal) => {
      replaceToast({ title: 'Sponsorship deleted', description: `${deal.sponsorName} removed` });
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to delete sponsorship',
        description: error.message,
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipsQueryOptions().queryKey }),
  });
}
