import type {
  YoutubeCaptionSkipReason,
  YoutubeCaptionsErrorKind,
  YoutubeCaptionsStatus,
} from '@app/contracts';

const integer = new Intl.NumberFormat('en-US');
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** `units today: 1,250 of 5,000` */
export const unitsLine = ({ units }: YoutubeCaptionsStatus) =>
  `Units today: ${integer.format(units.today)} of ${integer.format(units.dailyBudget)}`;

/** `12 transcripts of 8 videos` */
export function storedLine({ tracks, videosWithTracks }: YoutubeCaptionsStatus): string {
  if (tracks === 0) return 'No transcript read from YouTube yet';
  const of = `${integer.format(videosWithTracks)} video${videosWithTracks === 1 ? '' : 's'}`;
  return `${integer.format(tracks)} transcript${tracks === 1 ? '' : 's'} of ${of} read from YouTube`;
}

/** `Videos checked: 40 of 120` (the round through the site's videos, newest first). */
export const checkedLine = ({ videos }: YoutubeCaptionsStatus) =>
  `Videos checked: ${integer.format(videos.checked)} of ${integer.format(videos.total)}`;

/** The card's badge. */
export function captionsBadge(status: YoutubeCaptionsStatus): { color: string; label: string } {
  if (!status.enabled) return { color: 'gray', label: 'Off' };
  if (status.connection === 'reconnect-needed') return { color: 'orange', label: 'Reconnect needed' };
  if (status.connection === 'not-connected') return { color: 'gray', label: 'Not connected' };
  if (!status.scopeGranted) return { color: 'orange', label: 'Permission needed' };
  return { color: 'green', label: 'On' };
}

export const errorTitles: Record<YoutubeCaptionsErrorKind, string> = {
  budget: 'Today’s budget is spent',
  quota: 'Google’s quota is spent',
  scope: 'The permission is missing',
  'reconnect-needed': 'Reconnect needed',
  unreachable: 'YouTube could not be reached',
  refused: 'YouTube refused a call',
};

export const skipReasons: Record<YoutubeCaptionSkipReason, string> = {
  draft: 'a draft on YouTube',
  'not-serving': 'YouTube has not finished it',
  forced: 'a forced track (only the lines in another language)',
  forbidden: 'YouTube refused the download',
  unreadable: 'could not be read',
  duplicate: 'another track of the same language is stored',
};
