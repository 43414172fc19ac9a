import { settingValueSchema, type Settings } from '@app/contracts';

export type SmtpServer = Pick<
  Settings,
  'smtpHost' | 'smtpPort' | 'smtpSecurity' | 'smtpUser' | 'smtpPassword'
>;

/**
 * `SMTP_URL` as the SMTP settings it starts: `smtp://user:pass@host:587` (STARTTLS, port 587 by default),
 * `smtps://user:pass@host` (TLS from the start, port 465 by default), `smtp://host:25?security=none`
 * (plain, for a local relay). User and password are URL-encoded. Throws an Error naming what is wrong.
 */
export function parseSmtpUrl(value: string): SmtpServer {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must look like smtp://user:password@smtp.example.com:587 or smtps://…');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  }
  if (!url.hostname) throw new Error('names no host');
  const security = url.searchParams.get('security');
  if (security !== null && url.protocol === 'smtps:') {
    throw new Error('smtps:// is always TLS: leave out ?security=');
  }
  if (security !== null && security !== 'none' && security !== 'starttls') {
    throw new Error('?security= must be none or starttls');
  }
  const smtpSecurity = url.protocol === 'smtps:' ? 'tls' : ((security ?? 'starttls') as 'none' | 'starttls');
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new Error('has a badly encoded user or password (encode special characters, e.g. @ as %40)');
    }
  };
  const server: SmtpServer = {
    smtpHost: url.hostname,
    smtpPort: url.port ? Number(url.port) : smtpSecurity === 'tls' ? 465 : 587,
    smtpSecurity,
    smtpUser: decode(url.username),
    smtpPassword: decode(url.password),
  };
  // They become settings, so they pass the settings' rules.
  for (const [key, value] of Object.entries(server) as [keyof SmtpServer, unknown][]) {
    const result = settingValueSchema(key).safeParse(value);
    if (!result.success) {
      const part = {
        smtpHost: 'host',
        smtpPort: 'port',
        smtpSecurity: 'security',
        smtpUser: 'user',
        smtpPassword: 'password',
      }[key];
      throw new Error(`its ${part} ${result.error.issues[0].message}`);
    }
  }
  return server;
}

/** Why `value` is not a usable SMTP_URL, or null. */
export function smtpUrlProblem(value: string): string | null {
  try {
    parseSmtpUrl(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
