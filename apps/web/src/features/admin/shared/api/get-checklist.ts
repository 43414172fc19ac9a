import type { FirstRunChecklist } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../../lib/api-client';

/** The first-run checklist; what changes an item reloads it (a sync, the password, two-factor). */
export const checklistQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.adminChecklist],
    queryFn: ({ signal }) => getJson<FirstRunChecklist>(apiPaths.adminChecklist, { signal }),
  });

export function useChecklist() {
  return useQuery(checklistQueryOptions());
}
