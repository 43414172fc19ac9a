/** Raw HTTP for the web server's specs (fetch may not set Host or Origin, which many of them are about). */
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/** What the stand-in API (fake-site.ts) echoes back of a request it got. */
export interface Echo {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export const ACCEPT_HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolveReply, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolveReply({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** One HTTP/1.0 request without a Host header (Node's client always sends one): the whole answer as text. */
export function sendWithoutHost(port: number, path: string): Promise<string> {
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolveAnswer(answer));
    socket.on('error', reject);
  });
}

export const echoOf = (reply: Reply): Echo => JSON.parse(reply.body.toString()) as Echo;
