import type {
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
import { browserFailure, postJson, webAuthn } from '../../shared/lib/webauthn';
import { useSecurityMutation } from './security';

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.passkeys],
    queryFn: ({ signal }) => getJson<Passkeys>(apiPaths.passkeys, { signal }),
  });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/** Password (and code) → options → the device makes the passkey → the API stores it under `name`. */
export async function addPasskey({
  name,
  ...stepUp
}: PasskeyRegisterOptionsBody & { name: string }): Promise<Passkey> {
  const options = await postJson<WebAuthnOptions>(apiPaths.passkeyRegisterOptions, stepUp);
  const { startRegistration } = await webAuthn();
  const response = await startRegistration({ optionsJSON: options as never }).catch((error: unknown) => {
    throw browserFailure(error);
  });
  return postJson<Passkey>(apiPaths.passkeyRegister, { name, response });
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
