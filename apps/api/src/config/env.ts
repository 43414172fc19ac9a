import {
  ANALYTICS_VISITORS_PER_DAY,
  isChannelRef,
  settingValueSchema,
  WEBSUB_HUB_URL,
  YOUTUBE_ANALYTICS_DAILY_QUERIES,
  YOUTUBE_CAPTIONS_DAILY_UNITS,
  YOUTUBE_FEED_ORIGIN,
} from '@app/contracts';
import { envFlag } from '@app/node-server';
import { z } from 'zod';
import { parseTokenKey, splitKeyList, TOKEN_KEY_FORMAT } from '../google-account/token-keys';
import { smtpUrlProblem } from '../notifications/smtp-url';
import { withStrengthChecks } from './secret-strength';

export const DEFAULT_ADMIN_USERNAME = 'admin';
export const DEFAULT_ADMIN_PASSWORD = 'admin123';
export const DEFAULT_YOUTUBE_API_BASE_URL = 'https://www.googleapis.com/youtube/v3';
/** Mailchimp's API, on the data centre named by the key's suffix (`…-us6` → `us6`). */
export const DEFAULT_MAILCHIMP_API_BASE_URL = 'https://{dc}.api.mailchimp.com/3.0';

const tokenKey = z.string().refine((v) => parseTokenKey(v) !== null, TOKEN_KEY_FORMAT);

/** Every environment variable the API reads; `.env.example` documents each one. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^mysql:\/\/[^/]+\/[^/?]+/, 'must look like mysql://user:password@host:3306/database')
      .optional(),
    SQLITE_PATH: z.string().min(1).default('.data/app.sqlite'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_USERNAME: z.string().min(1).max(64).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_PASSWORD_RESET: envFlag.default(false),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://example.com' }).optional(),
    TRUST_PROXY: envFlag.default(false),
    SEED_DEMO_CONTENT: envFlag.default(true),
    LOG_REQUESTS: envFlag.default(true),
    // Visitor rows kept per day of site analytics; beyond them new visitors count as views only (docs/analytics.md).
    ANALYTICS_MAX_VISITORS: z.coerce.number().int().min(1).default(ANALYTICS_VISITORS_PER_DAY),
    // The admin lost the authenticator: turn two-factor sign-in off on start (then remove the variable).
    ADMIN_RESET_2FA: envFlag.default(false),
    YOUTUBE_API_KEY: z.string().min(1).optional(),
    YOUTUBE_CHANNEL_ID: z.string().refine(isChannelRef, 'must be a UC… channel id or an @handle').optional(),
    YOUTUBE_API_BASE_URL: z.url().default(DEFAULT_YOUTUBE_API_BASE_URL),
    // Where the channel feed is read without a key (issue 24); tests point it at the fake YouTube.
    YOUTUBE_FEED_BASE_URL: z.url().default(YOUTUBE_FEED_ORIGIN),
    // Where YouTube's images `https://<host>/<path>` are fetched, as `<base>/<host>/<path>`; unset: YouTube's own
    // hosts. Tests point it at the fake YouTube (tools/fake-youtube/images.ts).
    YOUTUBE_IMAGES_BASE_URL: z.url().optional(),
    // Integrations: the starting value of their setting (and its toggle), until the admin saves another.
    GOOGLE_ANALYTICS_ID: settingValueSchema('googleAnalyticsId').optional(),
    DISCORD_WEBHOOK_URL: settingValueSchema('discordWebhook').optional(),
    MAILCHIMP_API_KEY: settingValueSchema('mailchimpApiKey').optional(),
    // The SMTP server for e-mail (smtp://user:password@host:587, or smtps://… for TLS from the start).
    SMTP_URL: z
      .string()
      .refine((v) => smtpUrlProblem(v) === null, { error: (issue) => smtpUrlProblem(String(issue.input)) })
      .optional(),
    // The owner's Google account (docs/integrations/google-account.md): the OAuth client's starting values.
    GOOGLE_CLIENT_ID: settingValueSchema('googleOAuthClientId').optional(),
    GOOGLE_CLIENT_SECRET: settingValueSchema('googleOAuthClientSecret').optional(),
    // The key sealing the Google refresh token at rest; unset: one derived from the session secret.
    TOKEN_ENCRYPTION_KEY: tokenKey.optional(),
    // The keys before a rotation, comma-separated: still read, their tokens sealed again with the current key.
    TOKEN_PREVIOUS_KEYS: z
      .string()
      .refine((v) => splitKeyList(v).every((key) => parseTokenKey(key) !== null), `each ${TOKEN_KEY_FORMAT}`)
      .optional(),
    // reports.query calls the YouTube Analytics import allows itself per UTC day (docs/integrations/google-account.md).
    YOUTUBE_ANALYTICS_DAILY_QUERIES: z.coerce.number().int().min(1).default(YOUTUBE_ANALYTICS_DAILY_QUERIES),
    // YouTube Data API units the caption import allows itself per quota day (docs/integrations/google-account.md).
    YOUTUBE_CAPTIONS_DAILY_UNITS: z.coerce.number().int().min(50).default(YOUTUBE_CAPTIONS_DAILY_UNITS),
    // Tests and development only (a local fake); `{dc}` stands for the key's data centre.
    MAILCHIMP_API_BASE_URL: z
      .string()
      .refine((v) => z.url().safeParse(v.replaceAll('{dc}', 'us1')).success, 'must be a URL')
      .optional(),
    // Where the site's own images are kept (docs/images.md): a directory (the default, `images` beside the SQLite
    // file unless IMAGES_DIR says) or an S3-compatible bucket (the IMAGES_S3_* variables).
    IMAGES_STORE: z.enum(['local', 's3']).default('local'),
    IMAGES_DIR: z.string().min(1).optional(),
    // The S3-compatible bucket of the site's own images with IMAGES_STORE=s3 (apps/api/src/images/s3-image-store.ts):
    // AWS S3 by region, or another server (Cloudflare R2, MinIO, Ceph radosgw) by endpoint. The bucket and the key
    // pair are required with it (below).
    IMAGES_S3_BUCKET: z.string().min(3).max(63).optional(),
    IMAGES_S3_ENDPOINT: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://127.0.0.1:9000' })
      .optional(),
    IMAGES_S3_REGION: z.string().min(1).default('us-east-1'),
    IMAGES_S3_FORCE_PATH_STYLE: envFlag.default(false),
    IMAGES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    IMAGES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Tests only (a local fake hub): where the API subscribes for new-video pushes (WebSub).
    WEBSUB_HUB_URL: z.url().optional(),
    // Tests only (the fake Google): Google's `https://<host>/<path>` is reached as `<base>/<host>/<path>`.
    GOOGLE_BASE_URL: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD_RESET && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is required with ADMIN_PASSWORD_RESET=true (it becomes the admin password)',
      });
    }
    if (env.IMAGES_STORE === 's3') {
      for (const name of [
        'IMAGES_S3_BUCKET',
        'IMAGES_S3_ACCESS_KEY_ID',
        'IMAGES_S3_SECRET_ACCESS_KEY',
      ] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required with IMAGES_STORE=s3' });
      }
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.MAILCHIMP_API_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAILCHIMP_API_BASE_URL'],
        message: `is for tests only; production always uses ${DEFAULT_MAILCHIMP_API_BASE_URL}`,
      });
    }
    if (env.WEBSUB_HUB_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBSUB_HUB_URL'],
        message: `is for tests only; production always uses ${WEBSUB_HUB_URL}`,
      });
    }
    if (env.GOOGLE_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_BASE_URL'],
        message: "is for tests only; production always uses Google's own hosts",
      });
    }
    withStrengthChecks(({ weakPasswordReason, weakSecretReason }) => {
      if (env.TOKEN_ENCRYPTION_KEY) {
        const weak = weakSecretReason(env.TOKEN_ENCRYPTION_KEY);
        if (weak) ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: weak });
      }
      if (!env.SESSION_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
      } else {
        const weak = weakSecretReason(env.SESSION_SECRET);
        if (weak) ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: weak });
      }
      if (!env.ADMIN_PASSWORD || env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_PASSWORD'],
          message: 'must be set to a non-default password in production',
        });
      } else {
        const username = env.ADMIN_USERNAME ?? DEFAULT_ADMIN_USERNAME;
        const weak = weakPasswordReason(env.ADMIN_PASSWORD, [username]);
        if (weak) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: weak });
      }
    });
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/**
 * Parses the environment once at start-up. Empty strings count as unset (docker env files
 * often carry `NAME=`). Throws one error naming every missing or bad variable.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`,
  );
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}
