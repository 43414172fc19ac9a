import { createContext, useContext, useEffect } from 'react';

/** Lets a public page ask the app's providers to paint it in the admin's design. */
export const SiteDesignRequestContext = createContext<((active: boolean) => void) | null>(null);

/** Called by public pages: the design settings apply while the page is shown. */
export function useSiteDesign(): void {
  const request = useContext(SiteDesignRequestContext);
  useEffect(() => {
    if (!request) return undefined;
    request(true);
    return () => request(false);
  }, [request]);
}
