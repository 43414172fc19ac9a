import { type AffiliateProgram, affiliateProgramSchema } from '@app/contracts';

export type UtmParams = AffiliateProgram['utmParams'];

/**
 * The UTM values a program gets when the form leaves them empty: the settings registry's defaults
 * (source `youtube`, this channel's site; medium `referral`; campaign `default`).
 */
export const DEFAULT_UTM_PARAMS: Readonly<UtmParams> = Object.freeze(
  affiliateProgramSchema.shape.utmParams.parse(undefined),
);

/**
 * The tracking link of a program: its base URL with `utm_source`, `utm_medium` and `utm_campaign`
 * set (replacing any already there; an empty value takes the default). Null when the base URL is not
 * an absolute http(s) URL.
 */
export function buildTrackingLink(baseUrl: string, utm: Partial<UtmParams> = {}): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const value = (key: keyof UtmParams) => utm[key]?.trim() || DEFAULT_UTM_PARAMS[key];
  url.searchParams.set('utm_source', value('source'));
  url.searchParams.set('utm_medium', value('medium'));
  url.searchParams.set('utm_campaign', value('campaign'));
  return url.toString();
}

export interface AffiliateProgramForm {
  name: string;
  baseUrl: string;
  utmSource: string;
  utmCampaign: string;
}

export const emptyAffiliateForm = (): AffiliateProgramForm => ({
  name: '',
  baseUrl: '',
  utmSource: DEFAULT_UTM_PARAMS.source,
  utmCampaign: DEFAULT_UTM_PARAMS.campaign,
});

/** Name and base URL are required; the rest has defaults. */
export function isAffiliateFormComplete(form: AffiliateProgramForm): boolean {
  return form.name.trim() !== '' && form.baseUrl.trim() !== '';
}

/** An id made of the name (letters, digits, `-`) and a suffix that no existing program has. */
export function affiliateProgramId(
  name: string,
  existingIds: readonly string[],
  suffix: () => string = () => Math.random().toString(36).slice(2, 8),
): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'program';
  if (!existingIds.includes(slug)) return slug;
  for (;;) {
    const id = `${slug}-${suffix()}`;
    if (!existingIds.includes(id)) return id;
  }
}

/** The program the add form describes; the medium is always `referral`. */
export function affiliateProgramFromForm(
  form: AffiliateProgramForm,
  existingIds: readonly string[],
): AffiliateProgram {
  return {
    id: affiliateProgramId(form.name, existingIds),
    name: form.name.trim(),
    baseUrl: form.baseUrl.trim(),
    utmParams: {
      source: form.utmSource.trim() || DEFAULT_UTM_PARAMS.source,
      medium: DEFAULT_UTM_PARAMS.medium,
      campaign: form.utmCampaign.trim() || DEFAULT_UTM_PARAMS.campaign,
    },
  };
}
