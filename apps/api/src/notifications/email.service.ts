import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Settings } from '@app/contracts';
import { isIP } from 'node:net';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { ENV } from '../config/config.module';
import { isDraining, waitUnlessDraining } from '../common/draining';
import { onFirstUse } from '../common/first-use';
import type { Env } from '../config/env';
import { SettingsService } from '../settings/settings.service';
import {
  type OutboundPolicy,
  OutboundRefusedError,
  outboundPolicy,
  resolveOutboundHost,
} from '../common/outbound/outbound-http';
import { EMAIL_NEEDS_PUBLIC_URL, emailLinkOrigin } from './email-origin';

export type SmtpSettings = Pick<
  Settings,
  'smtpHost' | 'smtpPort' | 'smtpSecurity' | 'smtpUser' | 'smtpPassword' | 'smtpFrom'
>;
/** nodemailer: only a site that sends e-mail needs it, when it sends. */
const nodemailer = onFirstUse<typeof import('nodemailer')>('nodemailer');

export const SMTP_SETTINGS_KEYS = [
  'smtpHost',
  'smtpPort',
  'smtpSecurity',
  'smtpUser',
  'smtpPassword',
  'smtpFrom',
] as const satisfies readonly (keyof SmtpSettings)[];

export const NO_SMTP_SERVER =
  'No SMTP server is set: set SMTP_URL on the server or the SMTP settings under Integrations → Notifications';

const SECURITY_NAMES = { none: 'no encryption', starttls: 'STARTTLS', tls: 'TLS' } as const;

/** `smtp.example.com:587 (STARTTLS)` */
export const describeSmtpServer = (s: SmtpSettings) =>
  `${s.smtpHost}:${s.smtpPort} (${SECURITY_NAMES[s.smtpSecurity]})`;

/** The From address: the setting, else the SMTP user when it is an address. */
export function fromAddress(s: SmtpSettings): string {
  if (s.smtpFrom) return s.smtpFrom;
  return s.smtpUser.includes('@') ? s.smtpUser : '';
}

/**
 * A nodemailer transport for the SMTP settings, through the outbound rules: the host is resolved
 * here and refused if any of its addresses is special (loopback allowed outside production only), then the
 * transport connects to that address, checking the certificate against the host name. Every phase of the
 * conversation is bounded by the policy's timeout. Production refuses an unencrypted connection (it would
 * send the password in clear). Throws OutboundRefusedError or the DNS error.
 */
export async function smtpTransport(s: SmtpSettings, policy: OutboundPolicy): Promise<Transporter> {
  if (policy.requireHttps && s.smtpSecurity === 'none') {
    throw new OutboundRefusedError('an unencrypted SMTP connection is not allowed in production');
  }
  const address = await resolveOutboundHost(s.smtpHost, policy);
  return nodemailer().createTransport({
    host: address,
    port: s.smtpPort,
    secure: s.smtpSecurity === 'tls',
    requireTLS: s.smtpSecurity === 'starttls',
    ignoreTLS: s.smtpSecurity === 'none',
    auth: s.smtpUser ? { user: s.smtpUser, pass: s.smtpPassword } : undefined,
    tls: isIP(s.smtpHost) ? {} : { servername: s.smtpHost },
    connectionTimeout: policy.timeoutMs,
    greetingTimeout: policy.timeoutMs,
    // The idle timer starts with the connection too; a second more lets the greeting timer (the clearer
    // message: "Greeting never received") always fire first instead of racing it.
    socketTimeout: policy.timeoutMs + 1000,
    dnsTimeout: policy.timeoutMs,
  });
}

/**
 * Opens a transport for the SMTP settings and runs `use` with it, the whole of it (the host's DNS lookup
 * included, not only the SMTP conversation) within one deadline of `ms`: rejects with an ETIMEDOUT error
 * after `ms` whatever phase is still waiting. A safety net over the lookup's and nodemailer's own per-phase
 * timeouts (a server that trickles a byte at a time would never trip those). The transport is closed
 * however it ends; one whose lookup answers after the deadline is never used.
 */
export async function withSmtpTransport<T>(
  s: SmtpSettings,
  policy: OutboundPolicy,
  ms: number,
  use: (transport: Transporter) => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer within ${ms / 1000} s`), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  // Raced twice below; a rejection while neither race is listening is not an unhandled one.
  deadline.catch(() => undefined);
  try {
    const transport = await Promise.race([smtpTransport(s, policy), deadline]);
    try {
      return await Promise.race([use(transport), deadline]);
    } finally {
      transport.close();
    }
  } finally {
    clearTimeout(timer);
  }
}

/** What an SMTP send ended with; never thrown. */
export interface EmailOutcome {
  ok: boolean;
  /** The SMTP reply code of the server's last answer (250 when accepted), when there was one. */
  status: number | null;
  /** The server's own words: its reply on success, the error otherwise. */
  message: string;
  attempts: number;
}

interface SmtpErrorLike {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

const TEMPORARY_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'ECONNRESET',
  'ECONNREFUSED',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * Whether trying again later may succeed: an SMTP 4xx reply (RFC 5321 "transient negative"), a connection
 * that failed, dropped or timed out. A 5xx reply, a refused address or a missing setting is permanent.
 */
export function isTemporaryEmailFailure(error: unknown): boolean {
  if (error instanceof OutboundRefusedError) return false;
  const e = error as SmtpErrorLike;
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  if (e.code && TEMPORARY_CODES.has(e.code)) return true;
  return /ECONNREFUSED|ECONNRESET|timeout/i.test(e.message ?? '');
}

/** The reply code at the start of an SMTP answer (`250 2.0.0 OK` → 250). */
export function smtpReplyCode(response: string | undefined): number | null {
  const code = /^([2-5]\d\d)\b/.exec(response ?? '');
  return code ? Number(code[1]) : null;
}

/** Waits before the 2nd and the 3rd try of a message with a temporary failure (3 tries in all). */
export const EMAIL_RETRY_DELAYS_MS = [2_000, 10_000] as const;

/**
 * Sends e-mail through the SMTP server the settings name (SMTP_URL gives their starting values). In production
 * without PUBLIC_URL it sends none: the links an e-mail holds would have no origin to trust (email-origin.ts).
 */
@Injectable()
export class EmailService {
  private readonly logger = new Logger(EmailService.name);
  private readonly policy: OutboundPolicy;
  /** The origin of every link in an e-mail (email-origin.ts); null while e-mail is off. */
  readonly linkOrigin: string | null;
  /** The waits between tries (tests shorten them); its length + 1 is the number of tries. */
  retryDelaysMs: readonly number[] = EMAIL_RETRY_DELAYS_MS;

  constructor(
    private readonly settings: SettingsService,
    @Inject(ENV) env: Env,
  ) {
    this.policy = outboundPolicy(env);
    this.linkOrigin = emailLinkOrigin(env);
  }

  async smtpSettings(): Promise<SmtpSettings> {
    return this.settings.getMany([...SMTP_SETTINGS_KEYS]);
  }

  /** Whether the site can send e-mail: an SMTP server is set and e-mail is on (PUBLIC_URL in production). */
  async canSend(): Promise<boolean> {
    return this.linkOrigin !== null && Boolean((await this.smtpSettings()).smtpHost);
  }

  /**
   * Sends one message from the configured From address and resolves with the server's answer (`250 …`).
   * Rejects with the server's or the policy's words (nodemailer's error: `responseCode`, `code`).
   */
  async send(
    message: Pick<SendMailOptions, 'to' | 'subject' | 'text' | 'html' | 'headers'>,
  ): Promise<string> {
    const s = await this.smtpSettings();
    if (!s.smtpHost) throw new Error(NO_SMTP_SERVER);
    if (this.linkOrigin === null) throw new OutboundRefusedError(EMAIL_NEEDS_PUBLIC_URL);
    const from = fromAddress(s);
    if (!from)
      throw new Error('No From address is set: set the SMTP From address under Integrations → Notifications');
    const info = (await withSmtpTransport(s, this.policy, this.policy.timeoutMs * 3, (transport) =>
      transport.sendMail({ ...message, from }),
    )) as { response?: string };
    return info.response ?? '';
  }

  /**
   * Sends one message, trying again after a temporary failure (`retryDelaysMs`, or the `retryDelaysMs`
   * option: `[]` for one try); a permanent one (5xx) is not retried, nor is anything once the process is
   * stopping. Never throws: the outcome says what the server answered last and how many tries it took.
   */
  async deliver(
    message: Pick<SendMailOptions, 'to' | 'subject' | 'text' | 'html' | 'headers'>,
    options: { retryDelaysMs?: readonly number[] } = {},
  ): Promise<EmailOutcome & { temporary: boolean }> {
    const delays = options.retryDelaysMs ?? this.retryDelaysMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.send(message);
        return {
          ok: true,
          status: smtpReplyCode(response),
          message: response,
          attempts: attempt,
          temporary: false,
        };
      } catch (error) {
        const e = error as SmtpErrorLike;
        const said = (e.response ?? e.message ?? String(error)).slice(0, 500);
        const status = typeof e.responseCode === 'number' ? e.responseCode : null;
        const temporary = isTemporaryEmailFailure(error);
        const delay = delays[attempt - 1];
        const failed = { ok: false, status, message: said, attempts: attempt, temporary };
        if (delay === undefined || !temporary || isDraining()) return failed;
        this.logger.warn(`E-mail "${String(message.subject)}" failed (try ${attempt}), retrying: ${said}`);
        if (!(await waitUnlessDraining(delay))) return failed;
      }
    }
  }
}
