import './mantine-styles';
import './fonts.css';
import './font-fallbacks.css';
import './site.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { siteDesign } from '../features/settings/site-design';
import { SiteDesignRequestContext } from '../features/settings/use-site-design';
import { buildSiteTheme, siteCssVariables, theme } from './theme';

const LIGHT_QUERY = '(prefers-color-scheme: light)';

function subscribeToSchemePreference(onChange: () => void): () => void {
  const query = window.matchMedia(LIGHT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const preferredScheme = () => (window.matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark');

/**
 * The visitor's own preference, for the `auto` colour scheme. A page the server rendered is already in it (its
 * CSS and index.html's inline script follow the same query), so it hydrates with it too: a first render in
 * another scheme would repaint the page until the next one. The server's value draws nothing.
 */
function usePreferredScheme(): 'dark' | 'light' {
  return useSyncExternalStore(subscribeToSchemePreference, preferredScheme, () =>
    typeof window === 'undefined' ? 'dark' : preferredScheme(),
  );
}

/**
 * Mantine with the default theme, or, on the public pages, the admin's design settings
 * (colours, colour scheme, fonts, base font size).
 */
function ThemedMantine({ publicSite, children }: { publicSite: boolean; children: ReactNode }) {
  const [requested, setRequested] = useState(false);
  const active = publicSite || requested;
  const { settings } = usePublicSettings({ enabled: active });
  const design = useMemo(() => (active ? siteDesign(settings) : null), [active, settings]);
  const siteTheme = useMemo(() => (design ? buildSiteTheme(design) : theme), [design]);
  const resolver = useMemo(() => (design ? siteCssVariables(design) : undefined), [design]);
  const preferred = usePreferredScheme();
  const scheme = design ? (design.colorScheme === 'auto' ? preferred : design.colorScheme) : undefined;

  return (
    <MantineProvider
      theme={siteTheme}
      // Mantine writes its default on `<html>` as it starts, before the forced scheme: the same, so it never
      // flips a page the server drew in the site's scheme.
      defaultColorScheme={scheme ?? 'dark'}
      forceColorScheme={scheme}
      cssVariablesResolver={resolver}
    >
      <SiteDesignRequestContext.Provider value={publicSite ? null : setRequested}>
        {children}
      </SiteDesignRequestContext.Provider>
    </MantineProvider>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /**
   * The toast host (`<Toaster />`), given by the app that toasts. The public pages never toast, so neither their
   * entry nor its chunks carry Mantine's notifications, their transitions and the swipe handler (issue 23).
   */
  toaster?: ReactNode;
  /** Paint everything in the admin's design from the first render (the public entry). */
  publicSite?: boolean;
}

export function AppProviders({ queryClient, children, toaster, publicSite = false }: AppProvidersProps) {
  // `<html data-app-ready>` once the page answers clicks: a page the browser renders once it did; a page the server
  // rendered as soon as its boot script runs (src/boot.ts), which holds a click until the app takes it.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedMantine publicSite={publicSite}>
        {toaster}
        {children}
      </ThemedMantine>
    </QueryClientProvider>
  );
}
