/**
 * An API path (one of `apiPaths`, with its query) as the browser asks it: on the page's own origin. The server's
 * rendering asks nothing (it renders from the page model, `entry-server.tsx`).
 */
export function apiUrl(path: string): string {
  return path;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-2xx answer. `message` reads `STATUS: message`, the form the failure toasts show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The error's stable name and values, when the API gives one (issue 26: the site words it itself). */
    readonly coded?: { code: string; values: Record<string, string | number> },
  ) {
    super(`${status}: ${detail}`);
    this.name = 'HttpError';
  }
}

function messageFromBody(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message) return message;
      if (Array.isArray(message) && message.length) return message.join('; ');
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return undefined;
}

function codeFromBody(text: string): HttpError['coded'] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || !('code' in parsed) || typeof parsed.code !== 'string')
      return undefined;
    const values =
      'values' in parsed && parsed.values && typeof parsed.values === 'object' ? parsed.values : {};
    return { code: parsed.code, values: values as Record<string, string | number> };
  } catch {
    return undefined;
  }
}

/** Throws an {@link HttpError} unless the response is 2xx. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')).trim();
  throw new HttpError(
    res.status,
    messageFromBody(text) ?? (text || res.statusText || 'Request failed'),
    codeFromBody(text),
  );
}

/**
 * Sends a request with the session cookie. A JSON body (and its content type) is sent only
 * when `body` is given. Resolves with the response once it is known to be 2xx.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(apiUrl(url), {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  await throwIfNotOk(res);
  return res;
}

/** Parses a JSON body; an empty body (204) reads as `null`. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type On401 = 'returnNull' | 'throw';

/** GETs `path` as JSON; with `on401: 'returnNull'` a 401 yields `null` instead of an error. */
export async function getJson<T>(
  path: string,
  { on401 = 'throw', signal }: { on401?: On401; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await fetch(apiUrl(path), { credentials: 'include', signal });
  if (on401 === 'returnNull' && res.status === 401) {
    // Read to the end, so the request is finished (an unread body keeps it open in the browser).
    await res.text().catch(() => '');
    return null as T;
  }
  await throwIfNotOk(res);
  return readJson<T>(res);
}
