import type { SponsorReportLink, SponsorReportLinkList } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';

export const reportLinksQueryOptions = (sponsorshipId: number) =>
  queryOptions({
    queryKey: ['admin', 'sponsorships', sponsorshipId, 'report-links'],
    queryFn: ({ signal }) =>
      getJson<SponsorReportLinkList>(apiPaths.sponsorshipReportLinks(sponsorshipId), { signal }),
  });

/** A deal's report links, the newest first (revoked ones too, without their address). */
export function useReportLinks(sponsorshipId: number, enabled = true) {
  return useQuery({ ...reportLinksQueryOptions(sponsorshipId), enabled });
}

export function createReportLink(sponsorshipId: number): Promise<SponsorReportLink> {
  return apiRequest('POST', apiPaths.sponsorshipReportLinks(sponsorshipId)).then((res) =>
    readJson<SponsorReportLink>(res),
  );
}

export function revokeReportLink(id: number): Promise<SponsorReportLink> {
  return apiRequest('DELETE', apiPaths.sponsorReportLink(id)).then((res) => readJson<SponsorReportLink>(res));
}

/** Makes a new link to the deal's report; the deal's list reloads. */
export function useCreateReportLink(sponsorshipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createReportLink(sponsorshipId),
    onSuccess: () =>
      replaceToast({ title: 'Report link created', description: 'Copy it from the list below' }),
    onError: (error) =>
      replaceToast({
        title: 'Failed to create report link',
        description: error.message,
        variant: 'destructive',
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: reportLinksQueryOptions(sponsorshipId).queryKey }),
  });
}

/** Revokes a link: whoever has it gets "revoked" from the next request on. */
export function useRevokeReportLink(sponsorshipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeReportLink,
    onSuccess: () =>
      replaceToast({ title: 'Report link revoked', description: 'It no longer opens the report' }),
    onError: (error) =>
      replaceToast({
        title: 'Failed to revoke report link',
        description: error.message,
        variant: 'destructive',
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: reportLinksQueryOptions(sponsorshipId).queryKey }),
  });
}
