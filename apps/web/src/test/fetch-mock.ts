/** A minimal `Response` for jsdom, which has no fetch of its own. */
export function fakeResponse(status: number, body: unknown = '', statusText = ''): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
}

/** A path's answer; `init` tells a GET from a DELETE of the same path. */
export type FetchRoutes = Record<string, (init?: RequestInit) => Response | Promise<Response>>;

/** Installs a `fetch` that answers by path; unknown paths get a 404. */
export function mockFetch(routes: FetchRoutes = {}): jest.Mock<Promise<Response>, [string, RequestInit?]> {
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const handler = routes[url];
    return handler ? handler(init) : fakeResponse(404, { statusCode: 404, message: `No route ${url}` });
  });
  Object.assign(globalThis, { fetch: fn });
  return fn;
}
