import { Badge } from '@mantine/core';
import { youtubeBadges } from '../lib/youtube-state';
import { useYoutubeStatus } from '../hooks/use-youtube-status';

/** The YouTube integration's badge, the same wherever it shows: not set up, feed mode, connected or error. */
export function YoutubeBadge() {
  const status = useYoutubeStatus();
  if (!status) return null;
  const badge = youtubeBadges[status.state];
  return (
    <Badge color={badge.color} variant="light" size="sm" style={{ flexShrink: 0 }} data-state={status.state}>
      {badge.label}
    </Badge>
  );
}
