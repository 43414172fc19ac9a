import type { WebsubStatus } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../../lib/api-client';

export const websubStatusQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.websubStatus],
    queryFn: ({ signal }) => getJson<WebsubStatus>(apiPaths.websubStatus, { signal }),
  });

/** The push (WebSub) subscription's state for the YouTube card. */
export function useWebsubStatus() {
  return useQuery(websubStatusQueryOptions());
}
