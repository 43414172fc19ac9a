/**
 * Asking the API for a page model (`GET /api/page?path=`, docs/architecture.md "The page model"): with the request's
 * host and protocol, over the server's kept-alive connections to the API (api-proxy.ts). Used by the page module
 * (serve-page.ts) and the standalone documents (report-pages.ts).
 */
import { type PageModel, pageModelUrl } from '@app/contracts/page-model';
import type { SearchPageParams } from '@app/contracts/search-page';
import type { Request } from 'express';
import { type Agent, request as httpRequest } from 'node:http';
import { type Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { protocolOf, siteHost } from './proxy-trust';

/** How long a page waits for the API's page model before the kept page (or, cold, the shell) goes out. */
export const PAGE_MODEL_TIMEOUT_MS = 3000;

export interface ApiConnection {
  url: string;
  agent: Agent | HttpsAgent;
}

/**
 * The page model of `path`: null when `etag` still holds (a 304). `cookie` passes the visitor's cookie on, for the one
 * page whose answer depends on who asks (the media kit's preview for the signed-in owner); every other page is
 * asked without it, so it is the same for everyone. `search`: the search page's query and offset.
 */
export function askPageModel(
  api: ApiConnection,
  req: Request,
  path: string,
  etag: string | undefined,
  cookie?: string,
  search?: SearchPageParams,
): Promise<{ model: PageModel; etag: string } | null> {
  const url = new URL(pageModelUrl(path, search), api.url);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Forwarded-Host': siteHost(req),
    'X-Forwarded-Proto': protocolOf(req),
    ...(etag !== undefined && { 'If-None-Match': etag }),
    ...(cookie !== undefined && { Cookie: cookie }),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const asked = send(url, { headers, agent: api.agent, timeout: PAGE_MODEL_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode === 304 && etag !== undefined) return resolve(null);
        if (res.statusCode !== 200) return reject(new Error(`page model of ${path}: ${res.statusCode}`));
        try {
          const model = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PageModel;
          if (typeof model.version !== 'string' || typeof model.head !== 'string')
            throw new Error(`page model of ${path}: not a page model`);
          resolve({ model, etag: res.headers.etag ?? `"${model.version}"` });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    asked.on('timeout', () => asked.destroy(new Error(`page model of ${path}: no answer in time`)));
    asked.on('error', reject);
    asked.end();
  });
}
