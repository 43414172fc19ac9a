import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import { FAKE_CLIENT } from './accounts';
import { type Answer, BASE_SCOPES, REDIRECT, useFakeGoogle } from './test-client';

/** The fake Google's OAuth 2.0 (consent, code exchange with PKCE, refresh, revoke) and its owner's channel. */
describe('fake Google', () => {
  const google = useFakeGoogle();
  const { at, control, consent, token, exchange, connected, api } = google;

  describe('OAuth 2.0', () => {
    it('redirects back with state, code and the granted scopes, then exchanges the code once with PKCE', async () => {
      const { back, verifier } = await consent();
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('state')).toBe('state-1');
      expect(back.searchParams.get('scope')!.split(' ').sort()).toEqual([...BASE_SCOPES].sort());
      const first = await exchange(back, verifier);
      expect(first).toMatchObject({
        status: 200,
        body: { expires_in: 3599, token_type: 'Bearer', refresh_token: expect.stringMatching(/^1\/\//) },
      });
      expect(first.body.access_token).toMatch(/^ya29\./);
      expect(await exchange(back, verifier)).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Bad Request' },
      });
    });

    it('checks the PKCE verifier and the exact redirect URI', async () => {
      const missing = await consent();
      const noVerifier = await token({
        grant_type: 'authorization_code',
        code: missing.back.searchParams.get('code')!,
        redirect_uri: REDIRECT,
      });
      expect(noVerifier.body).toEqual({
        error: 'invalid_grant',
        error_description: 'Missing code verifier.',
      });
      const wrong = await consent();
      expect((await exchange(wrong.back, 'not-the-verifier')).body.error_description).toBe(
        'Invalid code verifier.',
      );
      const moved = await consent();
      expect(await exchange(moved.back, moved.verifier, `${REDIRECT}/`)).toEqual({
        status: 400,
        body: { error: 'redirect_uri_mismatch', error_description: 'Bad Request' },
      });
    });

    it('answers access_denied with the state when the user denies, or unticks every scope', async () => {
      for (const options of [{ decision: 'deny' as const }, { untick: BASE_SCOPES }]) {
        const { back } = await consent({ ...options, state: 'st' });
        expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'st' });
      }
    });

    it('shows an error page, never a redirect, for an unknown client or an unregistered redirect URI', async () => {
      const page = (query: Record<string, string>) =>
        fetch(at(`/accounts.google.com/o/oauth2/v2/auth?${new URLSearchParams(query)}`), {
          redirect: 'manual',
        });
      const base = {
        client_id: FAKE_CLIENT.id,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: BASE_SCOPES[0],
      };
      const client = await page({ ...base, client_id: 'nope.apps.googleusercontent.com' });
      expect([client.status, await client.text()]).toEqual([401, expect.stringContaining('invalid_client')]);
      await control('redirect-uris', { uris: ['https://example.com/callback'] });
      const mismatch = await page(base);
      expect([mismatch.status, await mismatch.text()]).toEqual([
        400,
        expect.stringContaining('redirect_uri_mismatch'),
      ]);
      const scope = await page({
        ...base,
        redirect_uri: 'https://example.com/callback',
        scope: 'https://evil/scope',
      });
      expect([scope.status, await scope.text()]).toEqual([400, expect.stringContaining('invalid_scope')]);
    });

    it('grows the granted scopes with include_granted_scopes (incremental authorization)', async () => {
      await connected();
      const more = await connected({ scopes: [GOOGLE_SCOPES.revenue], includeGranted: true });
      expect(more.scope.split(' ').sort()).toEqual([...BASE_SCOPES, GOOGLE_SCOPES.revenue].sort());
      const only = await connected({ scopes: [GOOGLE_SCOPES.revenue] });
      expect(only.scope).toBe(GOOGLE_SCOPES.revenue);
      const state: Answer = await google.state();
      expect(state.grants[0].scopes).toHaveLength(3);
    });

    it('refreshes until the grant is revoked, then answers invalid_grant; the revoke endpoint revokes the whole grant', async () => {
      const first = await connected();
      const refresh = () => token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      const fresh = await refresh();
      expect(fresh).toMatchObject({ status: 200, body: { expires_in: 3599, token_type: 'Bearer' } });
      expect(fresh.body.refresh_token).toBeUndefined();
      const revoke = (value: string) =>
        fetch(at(`/oauth2.googleapis.com/revoke?token=${encodeURIComponent(value)}`), { method: 'POST' });
      expect((await revoke(fresh.body.access_token)).status).toBe(200);
      expect(await refresh()).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
      });
      const again = await revoke(first.refresh_token);
      expect([again.status, await again.json()]).toEqual([
        400,
        { error: 'invalid_token', error_description: 'Token expired or revoked' },
      ]);
      const second = await connected();
      await control('grants/revoke');
      expect((await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).status).toBe(
        400,
      );
    });

    it('refuses a wrong client secret as Google does', async () => {
      const res = await token({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: 'wrong' });
      expect(res).toEqual({
        status: 401,
        body: { error: 'invalid_client', error_description: 'Unauthorized' },
      });
    });
  });

  describe('channels.list?mine=true', () => {
    const mine = '/www.googleapis.com/youtube/v3/channels?part=snippet&mine=true';

    it("answers the chosen account's own channel", async () => {
      const owner = await connected();
      const res = await api(mine, owner.access_token);
      expect(res.body).toMatchObject({
        kind: 'youtube#channelListResponse',
        pageInfo: { totalResults: 1 },
        items: [{ id: google.fake.owner().channelId, snippet: { title: google.fake.owner().channelTitle } }],
      });
      const other = await connected({ account: 'someone.else@fake-google.test' });
      const theirs = await api(mine, other.access_token);
      expect(theirs.body.items[0].id).not.toBe(google.fake.owner().channelId);
    });

    it('answers 401 without a valid token and 403 insufficientPermissions without youtube.readonly', async () => {
      const none = await api(mine, 'ya29.unknown');
      expect([none.status, none.body.error.errors[0].reason]).toEqual([401, 'authError']);
      const narrow = await connected({ untick: [GOOGLE_SCOPES.youtube] });
      const refused = await api(mine, narrow.access_token);
      expect([refused.status, refused.body.error.errors[0].reason]).toEqual([403, 'insufficientPermissions']);
      await control('tokens/expire');
      expect((await api(mine, narrow.access_token)).status).toBe(401);
    });
  });
});
