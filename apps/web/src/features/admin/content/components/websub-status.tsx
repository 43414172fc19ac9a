import type { WebsubStatus } from '@app/contracts';
import { Text } from '@mantine/core';
import { useWebsubStatus } from '../api/websub-status';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const OFF_REASONS: Record<NonNullable<WebsubStatus['offReason']>, string> = {
  'no-public-url': 'PUBLIC_URL is not a public https address, so YouTube cannot reach this site',
  'no-channel': 'no YouTube channel (UC… id) is set',
};

/** The push line of the YouTube card, in words. */
export function websubText(status: WebsubStatus): string {
  if (status.state === 'off') {
    return `New-video push: off (${status.offReason ? OFF_REASONS[status.offReason] : 'not configured'})`;
  }
  const state =
    status.state === 'pending'
      ? 'pending (waiting for YouTube’s hub to confirm)'
      : `active${status.leaseExpiresAt ? ` until ${dateTime.format(new Date(status.leaseExpiresAt))}` : ''}`;
  const last = status.lastNotificationAt
    ? `; last notification ${dateTime.format(new Date(status.lastNotificationAt))}`
    : '; no notification yet';
  const error = status.lastError ? `; last error: ${status.lastError}` : '';
  return `New-video push: ${state}${last}${error}`;
}

/** Whether YouTube pushes new uploads to this site (WebSub): off and why, pending, or active until when. */
export function WebsubStatusLine() {
  const { data, error } = useWebsubStatus();
  if (error) {
    return (
      <Text size="xs" c="dimmed" data-testid="websub-status">
        New-video push: not available ({error.message})
      </Text>
    );
  }
  if (!data) return null;
  return (
    <Text size="xs" c={data.lastError ? 'red.4' : 'dimmed'} data-testid="websub-status">
      {websubText(data)}
    </Text>
  );
}
