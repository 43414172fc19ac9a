import type { GoogleAccountStatus, GoogleAuthorization, GoogleDisconnectResult } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';

export const googleAccountQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.googleAccount],
    queryFn: ({ signal }) => getJson<GoogleAccountStatus>(apiPaths.googleAccount, { signal }),
  });

/** The Google account card's state: connected or not, the redirect URI to register, the last attempt. */
export function useGoogleAccount() {
  return useQuery(googleAccountQueryOptions());
}

/** Leaves the dashboard for Google's consent page (a seam: the specs do not navigate). */
export const consentPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};

export function startGoogleConnect(revenue: boolean): Promise<GoogleAuthorization> {
  return apiRequest('POST', apiPaths.googleAccountConnect, { revenue }).then((res) =>
    readJson<GoogleAuthorization>(res),
  );
}

/** Connect: asks the API for the consent page's address, then goes there (Google sends the browser back). */
export function useConnectGoogle() {
  return useMutation({
    mutationFn: startGoogleConnect,
    onSuccess: ({ authorizationUrl }) => consentPage.open(authorizationUrl),
    onError: (error) =>
      replaceToast({ title: 'Could not connect', description: error.message, variant: 'destructive' }),
  });
}

export function disconnectGoogle(): Promise<GoogleDisconnectResult> {
  return apiRequest('DELETE', apiPaths.googleAccount).then((res) => readJson<GoogleDisconnectResult>(res));
}

/** Disconnect: revoked at Google and deleted; the card reloads. */
export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGoogle,
    onSuccess: (result) =>
      replaceToast({
        title: 'Google account disconnected',
        description: result.message,
        variant: result.revoked ? 'default' : 'destructive',
      }),
    onError: (error) =>
      replaceToast({ title: 'Could not disconnect', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: googleAccountQueryOptions().queryKey }),
  });
}
