import type { PublicSettings } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { PUBLIC_SETTINGS_DEFAULTS, SETTINGS_CACHE_KEY } from '@app/contracts/public-settings-defaults';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export { SETTINGS_CACHE_KEY };

/** Large values stay out of the local copy (images are data URLs of up to 2 MB). */
const UNCACHED_KEYS = [
  'heroImage',
  'logoImage',
  'faviconImage',
  'privacyPolicyContent',
  'termsOfServiceContent',
  'disclosuresContent',
] as const satisfies readonly (keyof PublicSettings)[];

/** The public keys (the defaults list them all; the registry's list would bring zod into the page). */
const PUBLIC_KEYS = Object.keys(PUBLIC_SETTINGS_DEFAULTS) as (keyof PublicSettings)[];

/**
 * The public keys of `bag` over the defaults, nothing else: an older API answered the signed-in admin
 * every key here, and no admin-only value may reach the page's state or the browser's storage.
 */
function publicOnly(bag: Partial<PublicSettings>): PublicSettings {
  const settings: Record<string, unknown> = { ...PUBLIC_SETTINGS_DEFAULTS };
  for (const key of PUBLIC_KEYS) if (bag[key] !== undefined) settings[key] = bag[key];
  return settings as PublicSettings;
}

/** The last settings this browser saw, so a repeat visit paints in the site's design at once. */
export function readCachedSettings(): PublicSettings | undefined {
  try {
    const raw = window.localStorage.getItem(SETTINGS_CACHE_KEY);
    if (!raw) return undefined;
    return publicOnly(JSON.parse(raw) as Partial<PublicSettings>);
  } catch {
    return undefined;
  }
}

/** Keeps the small public copy (also for settings that came with a server-rendered page). */
export function writeCachedSettings(settings: PublicSettings): void {
  try {
    const small: Partial<PublicSettings> = publicOnly(settings);
    for (const key of UNCACHED_KEYS) delete small[key];
    window.localStorage.setItem(SETTINGS_CACHE_KEY, JSON.stringify(small));
  } catch {
    // Storage full or blocked: the page works without the copy.
  }
}

/**
 * `GET /api/settings`: the public keys, the same for visitors and the signed-in admin (the dashboard reads
 * `GET /api/admin/settings`, which is never stored). Merged over the defaults so an older API's missing
 * keys read as default.
 */
export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  const settings = publicOnly(await getJson<Partial<PublicSettings>>(apiPaths.settings, { signal }));
  writeCachedSettings(settings);
  return settings;
}

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.settings, 'public'],
    queryFn: ({ signal }) => getPublicSettings(signal),
  });

export interface PublicSettingsState {
  settings: PublicSettings;
  /** True once the API answered (until then the settings are the cached copy or the defaults). */
  isLoaded: boolean;
}

export function usePublicSettings({ enabled = true }: { enabled?: boolean } = {}): PublicSettingsState {
  const { data, isSuccess, isPlaceholderData } = useQuery({
    ...publicSettingsQueryOptions(),
    enabled,
    placeholderData: readCachedSettings,
  });
  return { settings: data ?? PUBLIC_SETTINGS_DEFAULTS, isLoaded: isSuccess && !isPlaceholderData };
}
