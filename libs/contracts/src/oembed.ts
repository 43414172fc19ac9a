import { z } from 'zod';

/** Largest `maxwidth`/`maxheight` taken; a consumer asking for more gets this much. */
export const OEMBED_MAX_SIZE = 4096;

const dimension = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number of pixels` })
    .int(`${name} must be a whole number of pixels`)
    .min(1, `${name} must be at least 1`)
    .transform((value) => Math.min(value, OEMBED_MAX_SIZE))
    .optional();

/**
 * Query of `GET /oembed` (oEmbed 1.0, https://oembed.com/#section2.2): the URL of a watch page of this site.
 * Other parameters a consumer adds are ignored, as the spec allows. `format=xml` is answered 501.
 */
export const oembedQuerySchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of a watch page' }).max(2048),
  format: z.enum(['json', 'xml'], { error: 'must be json or xml' }).default('json'),
  maxwidth: dimension('maxwidth'),
  maxheight: dimension('maxheight'),
});
export type OembedQuery = z.input<typeof oembedQuerySchema>;
/** The query as the API reads it (defaults applied, sizes as numbers). */
export type OembedParams = z.output<typeof oembedQuerySchema>;

/** Answer of `GET /oembed`: a `video` response (https://oembed.com/#section2.3.4.3). */
export const oembedResponseSchema = z.object({
  type: z.literal('video'),
  version: z.literal('1.0'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().positive().optional(),
  thumbnail_height: z.number().int().positive().optional(),
  html: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type OembedResponse = z.infer<typeof oembedResponseSchema>;
