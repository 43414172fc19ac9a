import { z } from 'zod';
import { PUBLIC_SETTINGS_DEFAULTS as PUBLIC } from '../public-settings-defaults';
import {
  adminSetting,
  boolean,
  clearable,
  isHttpUrl,
  nullToEmpty,
  publicSetting,
  string,
  typeError,
} from './values';

export const AFFILIATE_PROGRAMS_MAX = 50;

const adSlotId = () =>
  z.preprocess(
    nullToEmpty,
    string()
      .trim()
      .regex(/^\d{0,20}$/, 'must be an ad slot id (digits only)'),
  );

export const adSlotsSchema = z.strictObject(
  {
    displayVertical: adSlotId().default(PUBLIC.adSlots.displayVertical),
    displaySquare: adSlotId().default(PUBLIC.adSlots.displaySquare),
    displayHorizontal: adSlotId().default(PUBLIC.adSlots.displayHorizontal),
    inFeed: adSlotId().default(PUBLIC.adSlots.inFeed),
    multiplex: adSlotId().default(PUBLIC.adSlots.multiplex),
    inArticle: adSlotId().default(PUBLIC.adSlots.inArticle),
  },
  { error: typeError('an object') },
);
export type AdSlots = z.output<typeof adSlotsSchema>;

export const adPlacementsSchema = z.strictObject(
  {
    topBanner: boolean().default(PUBLIC.adPlacements.topBanner),
    inContent: boolean().default(PUBLIC.adPlacements.inContent),
    stickyFooter: boolean().default(PUBLIC.adPlacements.stickyFooter),
  },
  { error: typeError('an object') },
);
export type AdPlacements = z.output<typeof adPlacementsSchema>;

/** UTM values go into URLs as they are: letters, digits, '.', '_', '+' and '-'. An empty value takes the default. */
const utmValue = (fallback: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .regex(/^[\w.+-]+$/, 'may contain only letters, digits, ".", "_", "+" and "-"')
      .default(fallback),
  );

export const affiliateProgramSchema = z.strictObject(
  {
    id: string()
      .trim()
      .min(1, 'is required')
      .max(64, 'must be at most 64 characters')
      .regex(/^[\w-]+$/, 'may contain only letters, digits, "-" and "_"'),
    name: string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    baseUrl: string()
      .trim()
      .min(1, 'is required')
      .max(2048, 'must be at most 2048 characters')
      .refine(isHttpUrl, 'must be an http(s) URL'),
    utmParams: z
      .strictObject(
        {
          // The form pre-fills a product-specific source; this is the fallback when it is left empty.
          source: utmValue('youtube'),
          medium: utmValue('referral'),
          campaign: utmValue('default'),
        },
        { error: typeError('an object') },
      )
      .prefault({}),
  },
  { error: typeError('an object') },
);
export type AffiliateProgram = z.output<typeof affiliateProgramSchema>;
export type AffiliateProgramInput = z.input<typeof affiliateProgramSchema>;

export const affiliateProgramsSchema = z
  .array(affiliateProgramSchema, { error: typeError('a list') })
  .max(AFFILIATE_PROGRAMS_MAX, `must have at most ${AFFILIATE_PROGRAMS_MAX} programs`)
  .superRefine((programs, ctx) => {
    const seen = new Set<string>();
    programs.forEach((program, index) => {
      // Runs even when an entry failed its own checks, so it may not be an object.
      if (typeof program?.id !== 'string') return;
      if (seen.has(program.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id "${program.id}"` });
      }
      seen.add(program.id);
    });
  });

/** Ads and affiliate programs. The page renders the ads, so the AdSense ids and placements are public. */
export const monetizationSettings = {
  adsensePublisherId: publicSetting(
    clearable(40, (v) => /^ca-pub-\d{10,20}$/.test(v), 'must be like ca-pub-1234567890123456'),
    PUBLIC.adsensePublisherId,
  ),
  adSlots: publicSetting(adSlotsSchema, PUBLIC.adSlots),
  adPlacements: publicSetting(adPlacementsSchema, PUBLIC.adPlacements),
  // The public page shows no affiliate links, so the programs stay admin-only.
  affiliatePrograms: adminSetting(affiliateProgramsSchema, []),
};
