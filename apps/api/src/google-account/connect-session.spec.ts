import { CONNECT_TTL_MS, matchPending, newState, type PendingConnect } from './connect-session';

describe('a pending Google connection', () => {
  const pending: PendingConnect = {
    state: newState(),
    codeVerifier: 'v',
    redirectUri: 'https://site.example/api/admin/google-account/callback',
    scopes: [],
    startedAt: 1_000_000,
  };

  it('matches only its own state, within 10 minutes', () => {
    expect(matchPending(pending, pending.state, pending.startedAt + 1000)).toBe(pending);
    expect(matchPending(pending, pending.state, pending.startedAt + CONNECT_TTL_MS + 1)).toBeUndefined();
    expect(matchPending(pending, newState(), pending.startedAt)).toBeUndefined();
    expect(matchPending(pending, `${pending.state}x`, pending.startedAt)).toBeUndefined();
    expect(matchPending(pending, ['array'], pending.startedAt)).toBeUndefined();
    expect(matchPending(undefined, pending.state, pending.startedAt)).toBeUndefined();
  });

  it('makes a new random state of 256 bits each time', () => {
    expect(newState()).toMatch(/^[\w-]{43}$/);
    expect(newState()).not.toBe(newState());
  });
});
