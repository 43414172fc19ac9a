/**
 * Google's error answers, as the fake Google sends them. Two families:
 *
 * - OAuth 2.0 endpoints (token, revoke): RFC 6749 §5.2's `{error, error_description}` with Google's own descriptions,
 *   https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code and
 *   https://datatracker.ietf.org/doc/html/rfc6749#section-5.2.
 * - The APIs (YouTube Data API, YouTube Analytics API): Google's JSON error `{error: {code, message, errors: [{message,
 *   domain, reason}], status}}`, https://developers.google.com/youtube/v3/docs/errors and
 *   https://cloud.google.com/apis/design/errors#http_mapping.
 */
import type { FakeAnswer } from '../lib/fake-service';

/** An OAuth endpoint's refusal: `{ "error": "invalid_grant", "error_description": "Bad Request" }`. */
export const oauthError = (status: number, error: string, description: string): FakeAnswer => ({
  status,
  body: { error, error_description: description },
});

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
};

/** An API's refusal in Google's JSON error shape; `status` names the canonical code (quota: RESOURCE_EXHAUSTED). */
export function apiError(
  code: number,
  reason: string,
  message: string,
  { domain = 'global', status = STATUS_NAMES[code] ?? 'UNKNOWN', extra = {} } = {} as {
    domain?: string;
    status?: string;
    extra?: Record<string, string>;
  },
): FakeAnswer {
  return {
    status: code,
    body: { error: { code, message, errors: [{ message, domain, reason, ...extra }], status } },
  };
}

/** No, an unknown or an expired access token (https://developers.google.com/youtube/v3/docs/errors#errors: authError). */
export const invalidCredentials = (): FakeAnswer =>
  apiError(
    401,
    'authError',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    { extra: { location: 'Authorization', locationType: 'header' } },
  );

/** A token without a scope the call needs (the YouTube Analytics API answers this for revenue without the monetary scope). */
export const insufficientScopes = (): FakeAnswer =>
  apiError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');

/** The project's daily quota is spent (https://developers.google.com/youtube/v3/docs/errors: quotaExceeded). */
export const quotaExceeded = (): FakeAnswer =>
  apiError(
    403,
    'quotaExceeded',
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    { domain: 'youtube.quota' },
  );

/** A YouTube Data API request's required parameter left out (`part`, `videoId`). */
export const requiredParameter = (name: string): FakeAnswer =>
  apiError(400, 'required', `Required parameter: ${name}`, {
    extra: { location: name, locationType: 'parameter' },
  });

/** A YouTube Data API request's `part` list, or the 400 YouTube answers for none or an unknown one. */
export function requestedParts(query: URLSearchParams, known: readonly string[]): string[] | FakeAnswer {
  const parts = (query.get('part') ?? '').split(',').filter(Boolean);
  if (!parts.length) return requiredParameter('part');
  const unknown = parts.find((part) => !known.includes(part));
  if (unknown) return apiError(400, 'unknownPart', `'${unknown}'`, { domain: 'youtube.part' });
  return parts;
}

/** A required query parameter is missing: YouTube Analytics answers `Required` with reason `required`. */
export const required = (): FakeAnswer => apiError(400, 'required', 'Required');

/** A metric or dimension name YouTube does not know. */
export const unknownIdentifier = (name: string, field: string): FakeAnswer =>
  apiError(400, 'badRequest', `Unknown identifier (${name}) given in field parameters.${field}.`);

/** A combination of metrics, dimensions, filters or sort that no report of YouTube Analytics offers. */
export const queryNotSupported = (): FakeAnswer =>
  apiError(
    400,
    'badRequest',
    'The query is not supported. Check the documentation at https://developers.google.com/youtube/analytics/v2/available_reports for a list of supported queries.',
  );

export const invalidValue = (message: string): FakeAnswer => apiError(400, 'badRequest', message);

/** Another channel than the token's own (`ids=channel==UC…` of someone else). */
export const forbidden = (): FakeAnswer => apiError(403, 'forbidden', 'Forbidden');

/**
 * The error page the authorization endpoint shows instead of redirecting (a bad client or redirect URI: Google never
 * redirects to an address it cannot trust), https://developers.google.com/identity/protocols/oauth2/web-server#authorization-errors.
 */
export function authorizationErrorPage(status: number, error: string, detail: string): FakeAnswer {
  const escaped = detail.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    status,
    body:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error ${status}: ${error}</title></head>` +
      `<body><h1>Access blocked: this app’s request is invalid</h1><p>Error ${status}: ${error}</p><p>${escaped}</p></body></html>`,
  };
}
