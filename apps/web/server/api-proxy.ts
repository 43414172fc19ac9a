/**
 * The reverse proxy to the API: every path of `libs/contracts/src/api-paths.ts`, and the site's images (`/images/…`,
 * their caching as the API sends it: immutable), go to it over kept-alive connections, with the visitor's host,
 * protocol and address (proxy-trust.ts).
 */
import { isApiPath } from '@app/contracts/api-paths';
import { isImagePath } from '@app/contracts/site-image-files';
import { Agent, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import { CACHE_NONE } from './headers';
import { forwardedFor, protocolOf, siteHost } from './proxy-trust';

/** The connections to the API, kept alive, shared by the proxy and the micro-cache. */
export function apiAgent(apiUrl: string): Agent | HttpsAgent {
  const keepAlive = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64 };
  return apiUrl.startsWith('https:') ? new HttpsAgent(keepAlive) : new Agent(keepAlive);
}

/**
 * The browser's Host stays as it is (changeOrigin: false) so the API's same-origin check
 * compares the browser's Origin with the host the browser actually used; X-Forwarded-*
 * tells it the same thing explicitly (the API trusts one proxy hop).
 */
const forwardedHeaders: Plugin = (proxyServer) => {
  proxyServer.on('proxyReq', (proxyReq, req, res) => {
    // An answer given before the body was passed on (the API's early 401, our 408) ends the upload.
    res.once('close', () => {
      if (!proxyReq.writableEnded) proxyReq.destroy();
    });
    proxyReq.setHeader('X-Forwarded-For', forwardedFor(req));
    if (!req.headers.host) proxyReq.setHeader('Host', siteHost(req));
    proxyReq.setHeader('X-Forwarded-Host', siteHost(req));
    proxyReq.setHeader('X-Forwarded-Proto', protocolOf(req));
  });
  // Without a keep-alive agent http-proxy asks the API with `Connection: close` and passes the API's
  // `Connection: close` on, so the browser opened a new connection for every call. The browser's
  // own connection is kept as it asked (http-proxy sets keep-alive when no Connection comes back).
  proxyServer.on('proxyRes', (proxyRes) => {
    delete proxyRes.headers.connection;
    delete proxyRes.headers['keep-alive'];
  });
  proxyServer.on('error', (error, _req, res) => {
    // `res` is a socket for upgrade requests; those are simply closed.
    if (!('writeHead' in res)) {
      res.destroy();
      return;
    }
    const response = res as ServerResponse;
    // The API answered before the whole body was sent (a stranger's import): its answer stands.
    if (response.writableEnded) return;
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(502, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': CACHE_NONE,
    });
    response.end(
      JSON.stringify({
        statusCode: 502,
        message: `API unavailable (${error.message})`,
        error: 'Bad Gateway',
      }),
    );
  });
};

/** Passes the API's paths and the images on to it; a down API is a 502 with a JSON error. */
export function apiProxy(apiUrl: string, agent: Agent | HttpsAgent) {
  return createProxyMiddleware({
    target: apiUrl,
    agent,
    changeOrigin: false,
    xfwd: false,
    pathFilter: (pathname) => isApiPath(pathname) || isImagePath(pathname),
    ejectPlugins: true,
    plugins: [forwardedHeaders],
  });
}
