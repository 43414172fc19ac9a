import type { WebsubStatus } from '@app/contracts';
import { screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { WebsubStatusLine, websubText } from './websub-status';

const base: WebsubStatus = {
  state: 'off',
  offReason: null,
  channelId: null,
  leaseExpiresAt: null,
  lastNotificationAt: null,
  lastError: null,
};

describe('the push (WebSub) line of the YouTube card (issue 24)', () => {
  it('says why push is off', () => {
    expect(websubText({ ...base, offReason: 'no-public-url' })).toBe(
      'New-video push: off (PUBLIC_URL is not a public https address, so YouTube cannot reach this site)',
    );
    expect(websubText({ ...base, offReason: 'no-channel' })).toBe(
      'New-video push: off (no YouTube channel (UC… id) is set)',
    );
  });

  it('shows pending, and active until the lease ends with the last notification', () => {
    expect(websubText({ ...base, state: 'pending', channelId: 'UCx' })).toBe(
      'New-video push: pending (waiting for YouTube’s hub to confirm); no notification yet',
    );
    const active = websubText({
      ...base,
      state: 'active',
      channelId: 'UCx',
      leaseExpiresAt: '2026-12-01T12:00:00.000Z',
      lastNotificationAt: '2026-11-26T09:30:00.000Z',
    });
    expect(active).toMatch(
      /^New-video push: active until Dec 1, 2026, .+; last notification Nov 26, 2026, .+$/,
    );
    expect(
      websubText({ ...base, state: 'pending', lastError: 'the hub answered 500 to subscribe: x' }),
    ).toContain('; last error: the hub answered 500 to subscribe: x');
  });

  it('reads the admin route', async () => {
    mockFetch({
      '/api/youtube/websub/status': () => fakeResponse(200, { ...base, offReason: 'no-public-url' }),
    });
    renderWithProviders(<WebsubStatusLine />);
    expect(await screen.findByTestId('websub-status')).toHaveTextContent(
      'New-video push: off (PUBLIC_URL is not a public https address',
    );
  });
});
