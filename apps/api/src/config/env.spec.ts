import { randomBytes } from 'node:crypto';
import { EnvError, loadEnv } from './env';

/** A production session secret: 32 random bytes as hex, as `openssl rand -hex 32` prints. */
const STRONG_SECRET = randomBytes(32).toString('hex');

describe('loadEnv', () => {
  it('gives working development defaults with no variables at all', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3000,
      SQLITE_PATH: '.data/app.sqlite',
      SEED_DEMO_CONTENT: true,
      YOUTUBE_API_BASE_URL: 'https://www.googleapis.com/youtube/v3',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    let error: Error | undefined;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'postgres://x/y', TRUST_PROXY: 'maybe' });
    } catch (e) {
      error = e as Error;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect(error?.message).toMatch(/^Invalid environment configuration:/);
    expect(error?.message).toContain('PORT:');
    expect(error?.message).toContain('DATABASE_URL: must look like mysql://user:password@host:3306/database');
    expect(error?.message).toContain('TRUST_PROXY:');
  });

  it('refuses production without a session secret or with the default admin password', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: is required in production[\s\S]*ADMIN_PASSWORD: must be set to a non-default password/,
    );
    expect(() =>
      loadEnv({ NODE_ENV: 'production', SESSION_SECRET: STRONG_SECRET, ADMIN_PASSWORD: 'admin123' }),
    ).toThrow(/ADMIN_PASSWORD/);
    expect(
      loadEnv({ NODE_ENV: 'production', SESSION_SECRET: STRONG_SECRET, ADMIN_PASSWORD: 'a-real-secret' })
        .NODE_ENV,
    ).toBe('production');
  });

  it('refuses a weak admin password in production, naming why (issue 25)', () => {
    const production = (ADMIN_PASSWORD: string) =>
      loadEnv({ NODE_ENV: 'production', SESSION_SECRET: STRONG_SECRET, ADMIN_PASSWORD });
    // In the top-passwords list.
    for (const common of ['12345678', 'password', 'Password', 'iloveyou', 'qwertyuiop']) {
      expect(() => production(common)).toThrow(
        'ADMIN_PASSWORD: is one of the most common passwords; choose a long passphrase of unrelated words',
      );
    }
    // Not in the list, but guessable (zxcvbn score below 3); the username counts against it.
    expect(() => production('admin2025')).toThrow(
      /ADMIN_PASSWORD: is too easy to guess \(strength [0-2] of 4/,
    );
    expect(() => production('aaaaaaaaaaaa')).toThrow(/ADMIN_PASSWORD: is too easy to guess/);
    expect(production('correct horse battery staple').ADMIN_PASSWORD).toBe('correct horse battery staple');
    // Development keeps any password of 8 characters.
    expect(loadEnv({ ADMIN_PASSWORD: '12345678' }).ADMIN_PASSWORD).toBe('12345678');
  });

  it('refuses a production session secret below 128 estimated bits that does not look random', () => {
    const production = (SESSION_SECRET: string) =>
      loadEnv({ NODE_ENV: 'production', SESSION_SECRET, ADMIN_PASSWORD: 'a-real-secret' });
    for (const weak of [
      'a'.repeat(41),
      'x'.repeat(32),
      'abcabcabcabcabcabcabcabcabcabcabcabc',
      '0123456789abcdef0123456789abcdef',
      // A human passphrase: long, but words.
      'this-is-my-production-session-secret-2026!',
      'correct-horse-battery-staple-xyz-123456',
    ]) {
      expect(() => production(weak)).toThrow(
        /^Invalid environment configuration:\n {2}- SESSION_SECRET: has about \d+ bits of estimated entropy \(128 needed\) and does not look random \(words or repeated text\); make one with `openssl rand -hex 32`$/,
      );
    }
    // What `openssl rand -hex 32` prints (about 200 bits), and random-looking values of 32 characters.
    for (const strong of [
      randomBytes(32).toString('hex'),
      '3744eb96bb628b5b0aa40d409bda2c3c',
      'zy2cVCPqzU_RCzurJw50iEIJ7L29rROM',
    ]) {
      expect(production(strong).SESSION_SECRET).toBe(strong);
    }
    expect(loadEnv({ SESSION_SECRET: 'a'.repeat(41) }).SESSION_SECRET).toBe('a'.repeat(41));
  });

  it('takes ADMIN_PASSWORD_RESET only with the ADMIN_PASSWORD it sets', () => {
    expect(loadEnv({}).ADMIN_PASSWORD_RESET).toBe(false);
    expect(() => loadEnv({ ADMIN_PASSWORD_RESET: 'true' })).toThrow(
      'ADMIN_PASSWORD: is required with ADMIN_PASSWORD_RESET=true (it becomes the admin password)',
    );
    expect(
      loadEnv({ ADMIN_PASSWORD_RESET: 'true', ADMIN_PASSWORD: 'a-new-password' }).ADMIN_PASSWORD_RESET,
    ).toBe(true);
  });

  it('accepts a UC channel id or an @handle only', () => {
    expect(loadEnv({ YOUTUBE_CHANNEL_ID: 'UC_x5XG1OV2P6uZZ5FSM9Ttw' }).YOUTUBE_CHANNEL_ID).toBeDefined();
    expect(loadEnv({ YOUTUBE_CHANNEL_ID: '@GoogleDevelopers' }).YOUTUBE_CHANNEL_ID).toBeDefined();
    expect(() => loadEnv({ YOUTUBE_CHANNEL_ID: 'not a channel' })).toThrow(/YOUTUBE_CHANNEL_ID/);
  });

  it('checks the integration variables with their settings rules', () => {
    expect(() =>
      loadEnv({
        GOOGLE_ANALYTICS_ID: 'UA-nope',
        DISCORD_WEBHOOK_URL: 'not a url',
        MAILCHIMP_API_KEY: 'two words',
      }),
    ).toThrow(
      /GOOGLE_ANALYTICS_ID: must be like G-XXXXXXXXXX[\s\S]*DISCORD_WEBHOOK_URL: [\s\S]*MAILCHIMP_API_KEY: must be a single word/,
    );
    expect(loadEnv({ GOOGLE_ANALYTICS_ID: 'G-ABC1234567' }).GOOGLE_ANALYTICS_ID).toBe('G-ABC1234567');
  });

  it('checks SMTP_URL, naming what is wrong', () => {
    expect(loadEnv({ SMTP_URL: 'smtps://u:p@smtp.example.com' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.example.com',
    );
    expect(() => loadEnv({ SMTP_URL: 'https://smtp.example.com' })).toThrow(
      'SMTP_URL: must start with smtp:// or smtps:// (got https://)',
    );
  });

  it('takes MAILCHIMP_API_BASE_URL (a test fake, {dc} for the data centre) outside production only', () => {
    expect(loadEnv({ MAILCHIMP_API_BASE_URL: 'http://127.0.0.1:4344/{dc}/3.0' }).MAILCHIMP_API_BASE_URL).toBe(
      'http://127.0.0.1:4344/{dc}/3.0',
    );
    expect(() => loadEnv({ MAILCHIMP_API_BASE_URL: 'nope' })).toThrow(
      'MAILCHIMP_API_BASE_URL: must be a URL',
    );
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        SESSION_SECRET: STRONG_SECRET,
        ADMIN_PASSWORD: 'a-real-secret',
        MAILCHIMP_API_BASE_URL: 'http://127.0.0.1:4344/{dc}/3.0',
      }),
    ).toThrow(
      'MAILCHIMP_API_BASE_URL: is for tests only; production always uses https://{dc}.api.mailchimp.com/3.0',
    );
  });

  it('takes YOUTUBE_IMAGES_BASE_URL (where YouTube’s images are fetched; unset: YouTube’s own hosts)', () => {
    expect(loadEnv({ YOUTUBE_IMAGES_BASE_URL: 'http://127.0.0.1:4358' }).YOUTUBE_IMAGES_BASE_URL).toBe(
      'http://127.0.0.1:4358',
    );
    expect(loadEnv({}).YOUTUBE_IMAGES_BASE_URL).toBeUndefined();
    expect(() => loadEnv({ YOUTUBE_IMAGES_BASE_URL: 'i.ytimg.com' })).toThrow('YOUTUBE_IMAGES_BASE_URL:');
  });

  it('takes the local image store by default; IMAGES_STORE=s3 requires the bucket and the key pair, naming each missing one', () => {
    expect(loadEnv({}).IMAGES_STORE).toBe('local');
    expect(() => loadEnv({ IMAGES_STORE: 's3' })).toThrow(
      [
        '  - IMAGES_S3_BUCKET: is required with IMAGES_STORE=s3',
        '  - IMAGES_S3_ACCESS_KEY_ID: is required with IMAGES_STORE=s3',
        '  - IMAGES_S3_SECRET_ACCESS_KEY: is required with IMAGES_STORE=s3',
      ].join('\n'),
    );
    const s3 = {
      IMAGES_STORE: 's3',
      IMAGES_S3_BUCKET: 'site-images',
      IMAGES_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      IMAGES_S3_SECRET_ACCESS_KEY: 'example-secret',
    };
    expect(() => loadEnv({ ...s3, IMAGES_S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /^Invalid environment configuration:\n {2}- IMAGES_S3_SECRET_ACCESS_KEY: is required with IMAGES_STORE=s3$/,
    );
    expect(loadEnv(s3)).toMatchObject({
      ...s3,
      IMAGES_S3_REGION: 'us-east-1',
      IMAGES_S3_FORCE_PATH_STYLE: false,
    });
    expect(() => loadEnv({ ...s3, IMAGES_S3_ENDPOINT: 'minio:9000' })).toThrow(
      'IMAGES_S3_ENDPOINT: must be an http(s) URL',
    );
    expect(() => loadEnv({ IMAGES_STORE: 'ftp' })).toThrow('IMAGES_STORE:');
  });

  it('takes WEBSUB_HUB_URL (a test fake hub) outside production only', () => {
    expect(loadEnv({ WEBSUB_HUB_URL: 'http://127.0.0.1:4345/subscribe' }).WEBSUB_HUB_URL).toBe(
      'http://127.0.0.1:4345/subscribe',
    );
    expect(loadEnv({}).WEBSUB_HUB_URL).toBeUndefined();
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        SESSION_SECRET: STRONG_SECRET,
        ADMIN_PASSWORD: 'a-real-secret',
        WEBSUB_HUB_URL: 'http://127.0.0.1:4345/subscribe',
      }),
    ).toThrow(
      'WEBSUB_HUB_URL: is for tests only; production always uses https://pubsubhubbub.appspot.com/subscribe',
    );
  });

  it('takes GOOGLE_BASE_URL (the fake Google) outside production only', () => {
    expect(loadEnv({ GOOGLE_BASE_URL: 'http://127.0.0.1:4346' }).GOOGLE_BASE_URL).toBe(
      'http://127.0.0.1:4346',
    );
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        SESSION_SECRET: STRONG_SECRET,
        ADMIN_PASSWORD: 'a-real-secret',
        GOOGLE_BASE_URL: 'http://127.0.0.1:4346',
      }),
    ).toThrow("GOOGLE_BASE_URL: is for tests only; production always uses Google's own hosts");
  });

  it('takes TOKEN_ENCRYPTION_KEY and its old keys as 32 bytes in hex or base64, and refuses a guessable one in production', () => {
    const key = randomBytes(32).toString('hex');
    const old = randomBytes(32).toString('base64');
    expect(loadEnv({ TOKEN_ENCRYPTION_KEY: key, TOKEN_PREVIOUS_KEYS: `${old}, ${key}` })).toMatchObject({
      TOKEN_ENCRYPTION_KEY: key,
    });
    expect(() => loadEnv({ TOKEN_ENCRYPTION_KEY: 'too-short' })).toThrow(
      'TOKEN_ENCRYPTION_KEY: must be 32 random bytes as 64 hex characters or in base64',
    );
    expect(() => loadEnv({ TOKEN_PREVIOUS_KEYS: `${old},nope` })).toThrow(
      'TOKEN_PREVIOUS_KEYS: each must be 32 random bytes',
    );
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: STRONG_SECRET,
      ADMIN_PASSWORD: 'a-real-secret',
    };
    expect(loadEnv({ ...production, TOKEN_ENCRYPTION_KEY: key }).TOKEN_ENCRYPTION_KEY).toBe(key);
    expect(() => loadEnv({ ...production, TOKEN_ENCRYPTION_KEY: '0'.repeat(64) })).toThrow(
      /TOKEN_ENCRYPTION_KEY: has about \d+ bits of estimated entropy/,
    );
  });
});
