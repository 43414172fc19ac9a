import { truncateText } from '@app/contracts';

/** What the "Transcripts from YouTube" card says, in one place. Never a token: channel words and Google's reasons. */
export const YOUTUBE_CAPTIONS_MESSAGES = {
  notConnected:
    'Connect the Google account that owns the channel (the YouTube Analytics card): with the switch on, Connect asks Google for the permission to download captions as well.',
  reconnectNeeded: (problem: string | null) =>
    `Reconnect needed${problem ? `: ${problem}` : ''}. The transcripts read so far stay on the site.`,
  scopeMissing:
    'Google has not granted the permission to download captions (youtube.force-ssl) yet: press “Grant access on Google” and leave its box ticked on Google’s page.',
  budgetSpent: (budget: number) =>
    `The site’s daily budget of ${budget.toLocaleString('en')} YouTube units for captions is spent; what was read is kept and the import goes on when Google’s quota day starts again (midnight Pacific Time).`,
  quota: (reason: string) =>
    `YouTube refused more calls today (${reason}): the Google Cloud project’s quota is spent. What was read is kept and the import goes on the next day.`,
  scopeRefused:
    'YouTube refused to list captions for want of the youtube.force-ssl permission (insufficientPermissions): turn the switch off and on again to grant it.',
  unreachable: (detail: string) =>
    `YouTube could not be reached (${truncateText(detail, 200)}); the next run tries again.`,
  refused: (reason: string, message: string) =>
    `YouTube refused a call (${reason}: ${truncateText(message, 200)}); the next run tries again.`,
} as const;
