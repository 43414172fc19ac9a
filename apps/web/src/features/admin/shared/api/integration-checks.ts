import type { IntegrationCheck, IntegrationChecks, IntegrationId } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';

export const integrationChecksQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.integrationChecks],
    queryFn: ({ signal }) => getJson<IntegrationChecks>(apiPaths.integrationChecks, { signal }),
  });

/** The last test of each integration (left out once its settings changed). */
export function useIntegrationChecks() {
  return useQuery(integrationChecksQueryOptions());
}

export function testIntegration(id: IntegrationId): Promise<IntegrationCheck> {
  return apiRequest('POST', apiPaths.integrationTest(id)).then((res) => readJson<IntegrationCheck>(res));
}

/** Runs an integration's real check; the last results reload whatever it found. */
export function useTestIntegration(id: IntegrationId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => testIntegration(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationChecksQueryOptions().queryKey }),
  });
}
