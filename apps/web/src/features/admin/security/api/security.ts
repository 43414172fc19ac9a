import type { AdminSessions, AuditPage, AuditQuery, Ok, RevokedSessions } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import {
  infiniteQueryOptions,
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { attachmentFileName, type DownloadedFile, saveFile } from '../../shared/lib/download';

/** The admin's signed-in sessions. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.sessions],
    queryFn: ({ signal }) => getJson<AdminSessions>(apiPaths.sessions, { signal }),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/**
 * A security action of the dashboard (sessions, passkeys): a toast for its outcome, then `list` (what it changed)
 * and the audit log, where every such action shows, reload.
 */
export function useSecurityMutation<T, V>(
  list: QueryKey,
  mutationFn: (value: V) => Promise<T>,
  success: (result: T) => { title: string; description?: string },
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => replaceToast(success(result)),
    onError: (error) => replaceToast({ title: failure, description: error.message, variant: 'destructive' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: list });
      await queryClient.invalidateQueries({ queryKey: [apiPaths.audit] });
    },
  });
}

export function useRevokeSession() {
  return useSecurityMutation(
    sessionsQueryOptions().queryKey,
    (id: string) => apiRequest('DELETE', apiPaths.session(id)).then((res) => readJson<Ok>(res)),
    () => ({ title: 'Session signed out' }),
    'Failed to sign out the session',
  );
}

export function useRevokeOtherSessions() {
  return useSecurityMutation(
    sessionsQueryOptions().queryKey,
    () => apiRequest('POST', apiPaths.sessionsRevokeOthers, {}).then((res) => readJson<RevokedSessions>(res)),
    ({ revoked }) => ({
      title: 'Signed out everywhere else',
      description: `${revoked} other ${revoked === 1 ? 'session' : 'sessions'} signed out`,
    }),
    'Failed to sign out the other sessions',
  );
}

/** The filters as a query string (empty ones left out). */
export function auditSearch(filters: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The audit log, newest first, a page at a time. */
export const auditQueryOptions = (filters: AuditQuery) =>
  infiniteQueryOptions({
    queryKey: [apiPaths.audit, filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ signal, pageParam }) =>
      getJson<AuditPage>(`${apiPaths.audit}${auditSearch({ ...filters, before: pageParam })}`, { signal }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/** The audit log's filters when the Security subtab opens: none (its first page is what the subtab waits for). */
export const initialAuditFilters: AuditQuery = {};

export function useAuditLog(filters: AuditQuery) {
  return useInfiniteQuery(auditQueryOptions(filters));
}

/** `GET /api/admin/audit.csv` with the same filters, named as the API names it. */
export async function exportAuditLog(filters: AuditQuery): Promise<DownloadedFile> {
  const res = await apiRequest('GET', `${apiPaths.auditCsv}${auditSearch(filters)}`);
  const fileName =
    attachmentFileName(res.headers.get('Content-Disposition')) ??
    `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
  return { blob: await res.blob(), fileName };
}

export function useExportAuditLog() {
  return useMutation({
    mutationFn: exportAuditLog,
    onSuccess: (file) => {
      saveFile(file);
      replaceToast({ title: 'Audit log exported', description: `Saved ${file.fileName}` });
    },
    onError: (error) => {
      replaceToast({ title: 'Export failed', description: error.message, variant: 'destructive' });
    },
  });
}
