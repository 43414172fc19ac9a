import type { FakeServiceFault, FakeServiceRequest } from '@app/contracts/fake-services';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The frame of the small fakes of outside services (fake Discord, fake Mailchimp, fake Google): a loopback HTTP server
 * whose `handle` answers the API, a recorded list of requests, and fault injection over a control API
 * under `/__fake`: `GET requests`, `POST reset`, `POST fault` (one FakeServiceFault, replaces),
 * `DELETE fault`.
 */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RunningFakeService {
  /** The server's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  controlUrl: string;
  port: number;
  requests(): FakeServiceRequest[];
  setFault(fault: FakeServiceFault | null): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(res: ServerResponse, { status, body, headers = {} }: FakeAnswer): void {
  if (body === undefined) {
    res.writeHead(status, headers).end();
  } else if (typeof body === 'string') {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers }).end(body);
  } else {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  }
}

function checkFault(fault: FakeServiceFault): void {
  const ok =
    (fault.type === 'status' && Number.isInteger(fault.status)) ||
    (fault.type === 'slow' && Number.isInteger(fault.delayMs)) ||
    fault.type === 'drop' ||
    (fault.type === 'redirect' && typeof fault.location === 'string');
  if (!ok) throw new Error('fault must be {type: status|slow|drop|redirect, ...} (see fake-services.ts)');
}

export async function startFakeService(options: {
  port?: number;
  host?: string;
  handle: (request: FakeServiceRequest) => FakeAnswer;
  /** Clears the fake's own state too on `POST /__fake/reset` (e.g. the fake Mailchimp's members). */
  onReset?: () => void;
  /**
   * The fake's own control routes under `/__fake` (e.g. the fake Google's `POST owner`): `route` is
   * `METHOD path` (`POST owner`); undefined leaves it to the shared ones. A thrown error answers 400 with its message.
   */
  control?: (route: string, body: string) => FakeAnswer | undefined;
}): Promise<RunningFakeService> {
  let requests: FakeServiceRequest[] = [];
  let fault: FakeServiceFault | null = null;

  const control = (req: IncomingMessage, body: string, res: ServerResponse) => {
    const route = `${req.method} ${(req.url ?? '').replace(/^\/__fake\/?/, '').replace(/\?.*$/, '')}`;
    try {
      const own = options.control?.(route, body);
      if (own) return send(res, own);
      switch (route) {
        case 'GET requests':
          return send(res, { status: 200, body: requests });
        case 'POST reset':
          requests = [];
          fault = null;
          options.onReset?.();
          return send(res, { status: 200, body: {} });
        case 'POST fault': {
          const next = JSON.parse(body) as FakeServiceFault | null;
          if (next) checkFault(next);
          fault = next;
          return send(res, { status: 200, body: { fault } });
        }
        case 'DELETE fault':
          fault = null;
          return send(res, { status: 200, body: { fault } });
        default:
          return send(res, { status: 404, body: { error: `no control route ${route}` } });
      }
    } catch (error) {
      return send(res, { status: 400, body: { error: (error as Error).message } });
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if ((req.url ?? '').startsWith('/__fake')) return control(req, body, res);
      const request: FakeServiceRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
      };
      requests.push(request);
      const current = fault;
      void (async () => {
        if (current?.type === 'drop') return req.socket.destroy();
        if (current?.type === 'status') return send(res, { status: current.status, body: current.body });
        if (current?.type === 'redirect') {
          return send(res, { status: current.status ?? 302, headers: { Location: current.location } });
        }
        if (current?.type === 'slow') await sleep(current.delayMs);
        if (!res.destroyed) send(res, options.handle(request));
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    controlUrl: `${url}/__fake`,
    port,
    requests: () => requests,
    setFault: (next) => {
      if (next) checkFault(next);
      fault = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
