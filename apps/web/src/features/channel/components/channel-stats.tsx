import { t } from '../../../i18n/i18n';
import { Text, ThemeIcon } from '@mantine/core';
import { IconEye, IconUsers, IconVideo } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { formatCount } from '../../../lib/format';
import { useChannelStats } from '../api/get-channel-stats';
import classes from './channel-stats.module.css';

/** Shown until the real numbers arrive. */
export const STATS_PLACEHOLDERS = { subscribers: '125K', videos: '450', views: '12M' } as const;

interface StatProps {
  id: keyof typeof STATS_PLACEHOLDERS;
  label: string;
  value: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

function Stat({ id, label, value, icon: Icon }: StatProps) {
  return (
    <li className={classes.stat} data-testid={`stat-${id}`}>
      <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
        <Icon size={22} stroke={1.8} />
      </ThemeIcon>
      <div>
        {/* A figure, not a paragraph (nor a heading): its label follows it. */}
        <Text component="div" className={classes.value} data-testid={`stat-${id}-value`}>
          {value}
        </Text>
        <Text className={classes.label}>{label}</Text>
      </div>
    </li>
  );
}

/**
 * Subscribers (unless the admin hides them, or the channel does), videos and views, in the compact count format.
 * An unknown count (null: a hidden subscriber count, or the totals of a channel synced from its feed only) is left
 * out, never shown as 0; a real 0 is shown like any other count. With nothing known, there is no list at all.
 */
export function ChannelStats({ showSubscribers: wanted = true }: { showSubscribers?: boolean }) {
  const { data, isSuccess } = useChannelStats();
  const known = (n: number | null | undefined) => !(isSuccess && n === null);
  const showSubscribers = wanted && known(data?.subscriberCount);
  const showVideos = known(data?.videoCount);
  const showViews = known(data?.viewCount);
  const count = [showSubscribers, showVideos, showViews].filter(Boolean).length;
  const show = (n: number | null | undefined, placeholder: string) =>
    isSuccess && typeof n === 'number' ? formatCount(n) : placeholder;
  if (count === 0) return null;
  return (
    <ul className={classes.root} aria-label={t('stats.label')} aria-busy={!isSuccess} data-count={count}>
      {showSubscribers && (
        <Stat
          id="subscribers"
          label={t('stats.subscribers')}
          icon={IconUsers}
          value={show(data?.subscriberCount, STATS_PLACEHOLDERS.subscribers)}
        />
      )}
      {showVideos && (
        <Stat
          id="videos"
          label={t('stats.videos')}
          icon={IconVideo}
          value={show(data?.videoCount, STATS_PLACEHOLDERS.videos)}
        />
      )}
      {showViews && (
        <Stat
          id="views"
          label={t('stats.views')}
          icon={IconEye}
          value={show(data?.viewCount, STATS_PLACEHOLDERS.views)}
        />
      )}
    </ul>
  );
}
