import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type AdminLocation, adminSearchParams, readAdminLocation } from '../lib/admin-location';

/** The dashboard's tab, subtab and analytics range, read from and written to the URL. */
export interface AdminLocationApi {
  location: AdminLocation;
  go: (next: Partial<AdminLocation>, options?: { replace?: boolean }) => void;
}

export function useAdminLocation(): AdminLocationApi {
  const [params, setParams] = useSearchParams();
  const location = useMemo(() => readAdminLocation(params), [params]);
  const go = useCallback(
    (next: Partial<AdminLocation>, { replace = false }: { replace?: boolean } = {}) =>
      setParams(adminSearchParams(next), { replace }),
    [setParams],
  );
  return { location, go };
}
