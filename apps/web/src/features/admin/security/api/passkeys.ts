import type {
  AuthUser,
  Ok,
  Passkey,
  PasskeyRegisterOptionsBody,
  PasskeyRenameBody,
  Passkeys,
  StepUpBody,
  WebAuthnOptions,
} from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';
import { useSecurityMutation } from './security';

/** The browser's WebAuthn calls, loaded only when a passkey is used (never on public pages). */
const webAuthn = () => import('@simplewebauthn/browser');

const post = <T>(path: string, body: unknown) =>
  apiRequest('POST', path, body).then((res) => readJson<T>(res));

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.passkeys],
    queryFn: ({ signal }) => getJson<Passkeys>(apiPaths.passkeys, { signal }),
  });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/** What the browser says when the person cancels or the device refuses: a readable sentence. */
function browserFailure(error: unknown): Error {
  const e = error as Error;
  if (e?.name === 'NotAllowedError') return new Error('The passkey request was cancelled or timed out');
  return e instanceof Error ? e : new Error(String(error));
}

/** Password (and code) → options → the device makes the passkey → the API stores it under `name`. */
export async function addPasskey({
  name,
  ...stepUp
}: PasskeyRegisterOptionsBody & { name: string }): Promise<Passkey> {
  const options = await post<WebAuthnOptions>(apiPaths.passkeyRegisterOptions, stepUp);
  const { startRegistration } = await webAuthn();
  const response = await startRegistration({ optionsJSON: options as never }).catch((error: unknown) => {
    throw browserFailure(error);
  });
  return post<Passkey>(apiPaths.passkeyRegister, { name, response });
}

/** A passkey sign-in: alone, or as the second step after the password. */
export async function signInWithPasskey(): Promise<AuthUser> {
  const options = await post<WebAuthnOptions>(apiPaths.passkeyLoginOptions, {});
  const { startAuthentication } = await webAuthn();
  const response = await startAuthentication({ optionsJSON: options as never }).catch((error: unknown) => {
    throw browserFailure(error);
  });
  return post<AuthUser>(apiPaths.passkeyLogin, { response });
}

export function useAddPasskey() {
  return useSecurityMutation(
    passkeysQueryOptions().queryKey,
    addPasskey,
    (passkey) => ({ title: 'Passkey added', description: `"${passkey.name}" can sign in now` }),
    'Failed to add the passkey',
  );
}

/** Renaming or removing a passkey sends the step-up (the password, and a code while two-factor sign-in is on). */
export function useRenamePasskey() {
  return useSecurityMutation(
    passkeysQueryOptions().queryKey,
    ({ id, ...body }: PasskeyRenameBody & { id: string }) =>
      apiRequest('PUT', apiPaths.passkey(id), body).then((res) => readJson<Passkey>(res)),
    (passkey) => ({ title: 'Passkey renamed', description: `Now "${passkey.name}"` }),
    'Failed to rename the passkey',
  );
}

export function useRemovePasskey() {
  return useSecurityMutation(
    passkeysQueryOptions().queryKey,
    ({ id, ...stepUp }: StepUpBody & { id: string }) =>
      apiRequest('DELETE', apiPaths.passkey(id), stepUp).then((res) => readJson<Ok>(res)),
    () => ({ title: 'Passkey removed' }),
    'Failed to remove the passkey',
  );
}
