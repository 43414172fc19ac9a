/** What the YouTube view and its status say when there are no figures, in one place. */
const CARD = 'Integrations → Overview → YouTube Analytics';

export const YOUTUBE_ANALYTICS_MESSAGES = {
  notConnected: `Not connected: connect the channel’s Google account under ${CARD} to see YouTube’s own figures here.`,
  reconnectNeeded: (problem: string | null) =>
    `Reconnect needed: ${problem ?? 'Google no longer accepts the site’s access.'} (${CARD})`,
  importing:
    'The first import from YouTube Analytics has not reached these days yet; they appear as it goes.',
  revenueNotGranted: `Revenue was not granted: connect again with “Revenue” ticked (${CARD}) to see estimated revenue, RPM and CPM.`,
  revenueRefused: `YouTube refused the revenue figures (insufficient permissions): connect again with “Revenue” ticked, with the account that owns the channel (${CARD}).`,
  unknownVideo: 'The site does not store this video: sync the channel first.',
} as const;
