import dns from 'node:dns';
import { isTemporaryEmailFailure, smtpReplyCode, withSmtpTransport } from './email.service';
import { OutboundRefusedError, outboundPolicy } from '../common/outbound/outbound-http';

const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('failed'), fields);

describe('e-mail failures', () => {
  it('retries SMTP 4xx replies and broken or slow connections', () => {
    expect(isTemporaryEmailFailure(smtpError({ code: 'EMESSAGE', responseCode: 421 }))).toBe(true);
    expect(isTemporaryEmailFailure(smtpError({ code: 'EENVELOPE', responseCode: 452 }))).toBe(true);
    expect(isTemporaryEmailFailure(smtpError({ code: 'ECONNECTION' }))).toBe(true);
    expect(isTemporaryEmailFailure(smtpError({ code: 'ETIMEDOUT' }))).toBe(true);
    expect(isTemporaryEmailFailure(smtpError({ code: 'ESOCKET' }))).toBe(true);
    expect(isTemporaryEmailFailure(new Error('connect ECONNREFUSED 127.0.0.1:25'))).toBe(true);
  });

  it('does not retry 5xx replies, refused addresses or missing settings', () => {
    expect(isTemporaryEmailFailure(smtpError({ code: 'EENVELOPE', responseCode: 550 }))).toBe(false);
    expect(isTemporaryEmailFailure(smtpError({ code: 'EAUTH', responseCode: 535 }))).toBe(false);
    expect(isTemporaryEmailFailure(new OutboundRefusedError('10.0.0.1 is a private address'))).toBe(false);
    expect(isTemporaryEmailFailure(smtpError({ code: 'ENOTFOUND' }))).toBe(false);
    expect(isTemporaryEmailFailure(new Error('No SMTP server is set'))).toBe(false);
  });

  it('reads the reply code of an SMTP answer', () => {
    expect(smtpReplyCode('250 2.0.0 OK: queued as 12345')).toBe(250);
    expect(smtpReplyCode('250')).toBe(250);
    expect(smtpReplyCode('')).toBeNull();
    expect(smtpReplyCode(undefined)).toBeNull();
  });
});

describe('withSmtpTransport', () => {
  const smtp = {
    smtpHost: 'smtp.example.com',
    smtpPort: 587,
    smtpSecurity: 'starttls',
    smtpUser: '',
    smtpPassword: '',
    smtpFrom: 'site@example.com',
  } as const;
  afterEach(() => jest.restoreAllMocks());

  it('counts the host’s DNS lookup within its deadline, and never uses a transport opened after it', async () => {
    jest.spyOn(dns.promises, 'lookup').mockReturnValue(new Promise(() => undefined));
    const use = jest.fn(async () => 'sent');
    const started = Date.now();
    // The lookup's own timeout (1 s) is much longer than the deadline (100 ms) given here: a loaded machine's
    // timers run late, and the two must not meet.
    await expect(
      withSmtpTransport(smtp, { ...outboundPolicy({ NODE_ENV: 'test' }), timeoutMs: 1000 }, 100, use),
    ).rejects.toMatchObject({ code: 'ETIMEDOUT', message: 'no answer within 0.1 s' });
    expect(Date.now() - started).toBeLessThan(900);
    // The lookup gives up in its turn; nothing is used after the deadline.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(use).not.toHaveBeenCalled();
  });

  it('a DNS timeout is a temporary failure (retried like a dropped connection)', async () => {
    jest.spyOn(dns.promises, 'lookup').mockReturnValue(new Promise(() => undefined));
    const failure = await withSmtpTransport(
      smtp,
      { ...outboundPolicy({ NODE_ENV: 'test' }), timeoutMs: 100 },
      5_000,
      async () => 'sent',
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'EAI_AGAIN' });
    expect(isTemporaryEmailFailure(failure)).toBe(true);
  });
});
