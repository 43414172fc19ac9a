import type { FakeGoogleStartedLine } from '@app/contracts/fake-google';
import type { FakeDiscordStartedLine, FakeMailchimpStartedLine } from '@app/contracts/fake-services';
import { randomBytes } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { ADMIN, signedInAgent } from './auth';
import { type FakeService, startFakeDiscord, startFakeGoogle, startFakeMailchimp } from './fake-services';
import { type FakeOptions, type FakeYouTube, startFakeYouTube } from './fake-youtube';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { NO_IMAGE_HOST, startTestApp, type TestApp } from './test-app';

/** The admin of a production-mode stack: ADMIN_PASSWORD is required there, so the stack sets this one. */
export const PRODUCTION_ADMIN = { username: 'admin', password: 'production-test-password' };

/** The services a stack starts before the app: each one only when its option asks for it. */
export interface StackServices {
  youtube?: FakeYouTube;
  discord?: FakeService<FakeDiscordStartedLine>;
  mailchimp?: FakeService<FakeMailchimpStartedLine>;
  google?: FakeService<FakeGoogleStartedLine>;
  smtp?: SmtpSink;
}

export interface StackOptions {
  /** A fake YouTube with this channel; the app's env points at it (override YOUTUBE_API_KEY with '' for feed mode). */
  youtube?: FakeOptions;
  /**
   * The app fetches the site's images from the fake YouTube's image hosts after a sync (and makes their variants:
   * seconds of CPU per dozen videos). Without it, no image host answers: a sync's images stay pending, and no
   * answer changes in the background while a suite runs.
   */
  images?: boolean;
  discord?: boolean;
  /** A fake Mailchimp; the app's MAILCHIMP_API_BASE_URL points at it. */
  mailchimp?: boolean;
  /**
   * A fake Google (tools/fake-google); the app's GOOGLE_BASE_URL points at it. Its owner's channel is the fake
   * YouTube's when the stack has one. The OAuth client is not saved: pass it in `settings` (googleClientSettings).
   */
  google?: boolean;
  /** An SMTP sink (its settings are not saved: pass them in `settings`, e.g. with sinkSettings). */
  smtp?: boolean;
  /** The app's env, over what the services set. */
  env?: Record<string, string> | ((services: StackServices) => Record<string, string>);
  /** NODE_ENV=production with a random session secret; the agent signs in as PRODUCTION_ADMIN. */
  production?: boolean;
  /** Saved by the signed-in admin before the stack is handed over, one key after the other in this order. */
  settings?: Record<string, unknown> | ((services: StackServices) => Record<string, unknown>);
}

export interface Stack extends StackServices {
  t: TestApp & { sqlitePath?: string };
  /** Signed in as the admin (ADMIN, or PRODUCTION_ADMIN with `production`). */
  admin: TestAgent;
  /** Stops the app, then the services. */
  close(): Promise<void>;
}

type With<O, K extends keyof StackServices> =
  O extends Record<K, FakeOptions | true> ? Required<Pick<StackServices, K>> : unknown;
export type StackOf<O extends StackOptions> = Stack &
  With<O, 'youtube'> &
  With<O, 'discord'> &
  With<O, 'mailchimp'> &
  With<O, 'google'> &
  With<O, 'smtp'>;

/** Saves settings as the admin, one `POST /api/settings/:key` each, in the order given; each must answer 200. */
export async function saveSettings(admin: TestAgent, values: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await admin.post(`/api/settings/${key}`).send({ value }).expect(200);
  }
}

/** The settings that make the app a client of the fake Google: its OAuth client ID and secret. */
export const googleClientSettings = (google: FakeService<FakeGoogleStartedLine>) => ({
  googleOAuthClientId: google.info.client.id,
  googleOAuthClientSecret: google.info.client.secret,
});

/**
 * The integration set-up in one call: the fake services a suite names, the real app on a fresh database with its
 * env pointing at them, and an agent signed in as the admin. Call it in `beforeAll` and `close()` it in `afterAll`.
 */
export async function startStack<const O extends StackOptions>(options: O = {} as O): Promise<StackOf<O>> {
  const services: StackServices = {};
  const stopServices = () =>
    Promise.all([
      services.youtube?.stop(),
      services.discord?.stop(),
      services.mailchimp?.stop(),
      services.google?.stop(),
      services.smtp?.stop(),
    ]);
  let t: Stack['t'] | undefined;
  try {
    [services.youtube, services.discord, services.mailchimp, services.smtp] = await Promise.all([
      options.youtube ? startFakeYouTube(options.youtube) : undefined,
      options.discord ? startFakeDiscord() : undefined,
      options.mailchimp ? startFakeMailchimp() : undefined,
      options.smtp ? startSmtpSink() : undefined,
    ]);
    if (options.google) {
      services.google = await startFakeGoogle(
        services.youtube ? ['--channel-id', services.youtube.channelId] : [],
      );
    }
    const env = typeof options.env === 'function' ? options.env(services) : options.env;
    t = await startTestApp({
      env: {
        ...services.youtube?.env(),
        // test-app.ts's image host that never answers, unless the suite asks for the fake's.
        ...(options.images ? {} : { YOUTUBE_IMAGES_BASE_URL: NO_IMAGE_HOST }),
        ...(services.mailchimp ? { MAILCHIMP_API_BASE_URL: services.mailchimp.info.apiBaseUrl } : {}),
        ...(services.google ? { GOOGLE_BASE_URL: services.google.info.baseUrl } : {}),
        ...(options.production
          ? {
              NODE_ENV: 'production',
              SESSION_SECRET: randomBytes(32).toString('hex'),
              ADMIN_PASSWORD: PRODUCTION_ADMIN.password,
            }
          : {}),
        ...env,
      },
    });
    const admin = await signedInAgent(t.server, options.production ? PRODUCTION_ADMIN : ADMIN);
    const settings = typeof options.settings === 'function' ? options.settings(services) : options.settings;
    if (settings) await saveSettings(admin, settings);
    const app = t;
    return {
      ...services,
      t: app,
      admin,
      close: async () => {
        await app.close();
        await stopServices();
      },
    } as StackOf<O>;
  } catch (error) {
    await t?.close();
    await stopServices();
    throw error;
  }
}

/**
 * startStack for a whole describe block: starts it in a `beforeAll` registered here (so a `beforeAll` written after
 * this call sees it) and closes it in an `afterAll`. `started` hands its parts to the suite's variables.
 */
export function useStack<const O extends StackOptions>(
  options: O,
  started: (stack: StackOf<O>) => void,
): void {
  let stack: Stack | undefined;
  beforeAll(async () => {
    const running = await startStack(options);
    stack = running;
    started(running);
  });
  afterAll(() => stack?.close());
}

/** A stack for one test: started, handed to `body`, and closed however `body` ends. */
export async function withStack<const O extends StackOptions>(
  options: O,
  body: (stack: StackOf<O>) => Promise<void>,
): Promise<void> {
  const stack = await startStack(options);
  try {
    await body(stack);
  } finally {
    await stack.close();
  }
}
