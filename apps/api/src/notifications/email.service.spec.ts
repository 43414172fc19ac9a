import { isTemporaryEmailFailure, smtpReplyCode } from './email.service';
import { OutboundRefusedError } from './outbound-http';

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
