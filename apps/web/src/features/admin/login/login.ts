import type { AuthUser, LoginAnswer, LoginBody, TwoFactorCodeBody, WebAuthnOptions } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client';
import { replaceToast } from '../../../lib/toast';
import { currentUserQueryOptions } from '../../auth/api/get-current-user';
import { adminSettingsQueryOptions } from '../shared/api/get-admin-settings';
import { browserFailure, postJson, webAuthn } from '../shared/lib/webauthn';

/** A passkey sign-in: alone, or as the second step after the password. */
export async function signInWithPasskey(): Promise<AuthUser> {
  const options = await postJson<WebAuthnOptions>(apiPaths.passkeyLoginOptions, {});
  const { startAuthentication } = await webAuthn();
  const response = await startAuthentication({ optionsJSON: options as never }).catch((error: unknown) => {
    throw browserFailure(error);
  });
  return postJson<AuthUser>(apiPaths.passkeyLogin, { response });
}

export function login(body: LoginBody): Promise<LoginAnswer> {
  return apiRequest('POST', apiPaths.login, body).then((res) => readJson<LoginAnswer>(res));
}

/** The login's second step while two-factor sign-in is on: an authenticator or recovery code. */
export function loginWithCode(body: TwoFactorCodeBody): Promise<AuthUser> {
  return apiRequest('POST', apiPaths.loginTwoFactor, body).then((res) => readJson<AuthUser>(res));
}

export const needsCode = (answer: LoginAnswer): answer is { twoFactorRequired: true } =>
  'twoFactorRequired' in answer;

async function signedIn(queryClient: QueryClient, user: AuthUser): Promise<void> {
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  replaceToast({ title: 'Login successful', description: 'Welcome to the admin dashboard' });
  // An answer fetched before signing in (a 401) must not stand for the dashboard's settings.
  await queryClient.invalidateQueries({ queryKey: adminSettingsQueryOptions().queryKey });
}

const loginFailed = (error: Error) =>
  replaceToast({ title: 'Login failed', description: error.message, variant: 'destructive' });

/**
 * Signs in; the admin page then shows the dashboard without a reload. While two-factor sign-in is on the
 * answer is the challenge instead, and the form asks for a code (`useLoginWithCode`).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (answer) => {
      if (!needsCode(answer)) await signedIn(queryClient, answer);
    },
    onError: loginFailed,
  });
}

export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: (user) => signedIn(queryClient, user),
    onError: loginFailed,
  });
}

/** A passkey instead of the password, or instead of the code at the second step. */
export function useLoginWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => signedIn(queryClient, user),
    onError: loginFailed,
  });
}
