import { apiRequest, readJson } from '../../../../lib/api-client';

/** The browser's WebAuthn calls, loaded only when a passkey is used (never on public pages). */
export const webAuthn = () => import('@simplewebauthn/browser');

export const postJson = <T>(path: string, body: unknown) =>
  apiRequest('POST', path, body).then((res) => readJson<T>(res));

/** What the browser says when the person cancels or the device refuses: a readable sentence. */
export function browserFailure(error: unknown): Error {
  const e = error as Error;
  if (e?.name === 'NotAllowedError') return new Error('The passkey request was cancelled or timed out');
  return e instanceof Error ? e : new Error(String(error));
}
