import { type AnalyticsRangeId, analyticsRanges, DEFAULT_ANALYTICS_RANGE } from '@app/contracts';

/**
 * Where the admin is in the dashboard, kept in the URL (`/admin?tab=design&sub=typography`) so a
 * reload, the back button and a shared link all land on the same tab and subtab.
 */
export const adminTabs = {
  content: [],
  monetization: ['adsense', 'affiliates', 'sponsorships'],
  design: ['themes', 'layout', 'branding', 'typography'],
  integrations: ['overview', 'analytics', 'notifications', 'advanced'],
  // The site's own counts, then the YouTube Analytics view of each (`youtube-…`: the source is in the subtab).
  analytics: [
    'performance',
    'traffic',
    'content',
    'conversions',
    'youtube-overview',
    'youtube-content',
    'youtube-audience',
    'youtube-revenue',
  ],
  settings: ['general', 'seo', 'legal', 'security', 'backup'],
} as const satisfies Record<string, readonly string[]>;

export type AdminTab = keyof typeof adminTabs;
export type AdminSubtab<T extends AdminTab = AdminTab> = (typeof adminTabs)[T][number];

export const adminTabIds = Object.keys(adminTabs) as AdminTab[];
export const DEFAULT_ADMIN_TAB: AdminTab = 'content';

export { analyticsRanges, DEFAULT_ANALYTICS_RANGE };
export type AnalyticsRange = AnalyticsRangeId;

/**
 * The fields a link can land on (`&field=channel`): the page scrolls to it and focuses it, so a checklist item
 * or an error leads straight to what needs doing.
 */
export const adminFields = ['channel', 'password', 'two-factor', 'google-account'] as const;
export type AdminField = (typeof adminFields)[number];

export interface AdminLocation {
  tab: AdminTab;
  /** The open subtab, or null for a tab without subtabs. */
  sub: string | null;
  range: AnalyticsRange;
  /** The field to land on, or null. */
  field: AdminField | null;
}

export function isAdminTab(value: string | null | undefined): value is AdminTab {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(adminTabs, value);
}

/** The subtab a tab opens on. */
export function defaultSubtab(tab: AdminTab): string | null {
  return adminTabs[tab][0] ?? null;
}

/** Reads the location from the query string; unknown or missing values fall back to the defaults. */
export function readAdminLocation(params: URLSearchParams): AdminLocation {
  const tabParam = params.get('tab');
  const tab = isAdminTab(tabParam) ? tabParam : DEFAULT_ADMIN_TAB;
  const subs: readonly string[] = adminTabs[tab];
  const subParam = params.get('sub');
  const sub = subParam !== null && subs.includes(subParam) ? subParam : defaultSubtab(tab);
  const rangeParam = params.get('range');
  const range = (analyticsRanges as readonly string[]).includes(rangeParam ?? '')
    ? (rangeParam as AnalyticsRange)
    : DEFAULT_ANALYTICS_RANGE;
  const fieldParam = params.get('field');
  const field = (adminFields as readonly string[]).includes(fieldParam ?? '')
    ? (fieldParam as AdminField)
    : null;
  return { tab, sub, range, field };
}

/**
 * The query string for a location: the plain `/admin` is the content tab; any other tab names its
 * subtab too, so a shared link says exactly what it shows. The analytics range is there only when it
 * is not the default; the field only when a link lands on one.
 */
export function adminSearchParams({ tab, sub, range, field }: Partial<AdminLocation> = {}): URLSearchParams {
  const params = new URLSearchParams();
  const resolvedTab = tab ?? DEFAULT_ADMIN_TAB;
  if (resolvedTab !== DEFAULT_ADMIN_TAB) params.set('tab', resolvedTab);
  const subs: readonly string[] = adminTabs[resolvedTab];
  const resolvedSub = sub && subs.includes(sub) ? sub : defaultSubtab(resolvedTab);
  if (resolvedSub) params.set('sub', resolvedSub);
  if (resolvedTab === 'analytics' && range && range !== DEFAULT_ANALYTICS_RANGE) params.set('range', range);
  if (field) params.set('field', field);
  return params;
}
