import { loggedUrl } from './request-logger.middleware';

describe('the request log line', () => {
  it("hides Google's authorization code and state on the OAuth callback, and nothing elsewhere", () => {
    expect(
      loggedUrl(
        '/api/admin/google-account/callback?state=abc&iss=https%3A%2F%2Faccounts.google.com&code=4%2F0A',
      ),
    ).toBe(
      '/api/admin/google-account/callback?state=hidden&iss=https%3A%2F%2Faccounts.google.com&code=hidden',
    );
    expect(loggedUrl('/api/admin/google-account/callback?error=access_denied')).toBe(
      '/api/admin/google-account/callback?error=access_denied',
    );
    expect(loggedUrl('/api/videos?code=1')).toBe('/api/videos?code=1');
    expect(loggedUrl('/api/admin/google-account/callback')).toBe('/api/admin/google-account/callback');
  });
});
