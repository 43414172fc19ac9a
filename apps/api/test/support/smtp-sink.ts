import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** The sink's sign-in (AUTH PLAIN/LOGIN over a plain connection, allowed on 127.0.0.1). */
export const SINK_USER = 'site@example.com';
export const SINK_PASSWORD = 'sink-password-1';

export interface SinkMessage {
  from: string;
  to: string[];
  /** The raw message: headers and the MIME body. */
  body: string;
}

/** An SMTP reply the sink gives instead of accepting a message (after DATA), e.g. 421 or 550. */
export interface SinkFault {
  code: number;
  message: string;
}

/**
 * A real SMTP server (smtp-server) in the test's process, on 127.0.0.1, with AUTH, recording every message
 * it accepts; `faults` is a queue of replies given to the next messages instead of accepting them.
 */
export interface SmtpSink {
  server: SMTPServer;
  port: number;
  auths: string[];
  messages: SinkMessage[];
  /** Messages refused with a fault (in order). */
  refused: SinkFault[];
  faults: SinkFault[];
  clear(): void;
  stop(): Promise<void>;
}

export async function startSmtpSink(options: { secure?: boolean } = {}): Promise<SmtpSink> {
  const sink = {
    auths: [] as string[],
    messages: [] as SinkMessage[],
    refused: [] as SinkFault[],
    faults: [] as SinkFault[],
  } as SmtpSink;
  sink.server = new SMTPServer({
    secure: options.secure ?? false,
    allowInsecureAuth: true,
    disabledCommands: options.secure ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      sink.auths.push(auth.username ?? '');
      if (auth.username === SINK_USER && auth.password === SINK_PASSWORD) {
        return callback(null, { user: SINK_USER });
      }
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const fault = sink.faults.shift();
        if (fault) {
          sink.refused.push(fault);
          return callback(Object.assign(new Error(fault.message), { responseCode: fault.code }));
        }
        sink.messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          body: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  // A client that gives up mid-handshake (a TLS test) is an error event, not a failure of the sink.
  sink.server.on('error', () => undefined);
  await new Promise<void>((r) => sink.server.listen(0, '127.0.0.1', r));
  sink.port = (sink.server.server.address() as AddressInfo).port;
  sink.clear = () => {
    sink.auths.length = 0;
    sink.messages.length = 0;
    sink.refused.length = 0;
    sink.faults.length = 0;
  };
  sink.stop = () => new Promise<void>((r) => sink.server.close(() => r()));
  return sink;
}

/** The settings that send through the sink (no encryption: it is 127.0.0.1 in a test). */
export const sinkSettings = (port: number) => ({
  smtpHost: '127.0.0.1',
  smtpPort: port,
  smtpSecurity: 'none',
  smtpUser: SINK_USER,
  smtpPassword: SINK_PASSWORD,
});

/** The decoded text part of a raw message (nodemailer writes long or non-ASCII lines quoted-printable). */
export const textPart = (raw: string): string => mimePart(raw, 'text/plain');
export const htmlPart = (raw: string): string => mimePart(raw, 'text/html');

function mimePart(raw: string, type: string): string {
  const match = new RegExp(
    `(Content-Type: ${type}[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*)\\r?\\n([\\s\\S]*?)\\r?\\n--`,
  ).exec(raw);
  if (!match) return '';
  const body = /quoted-printable/i.test(match[1]) ? decodeQuotedPrintable(match[2]) : match[2];
  return body.replace(/\r\n/g, '\n');
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded Subject header (nodemailer encodes non-ASCII as RFC 2047 words). */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?= =\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
