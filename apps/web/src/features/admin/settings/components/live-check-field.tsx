import { LIVE_CHECK_UNITS, liveCheckUnitsPerDay, YOUTUBE_DAILY_QUOTA } from '@app/contracts';
import { useSetting } from '../../shared/hooks/use-settings';
import { SettingSegmented } from '../../shared/components/setting-fields';

const LIVE_CHECK_OPTIONS = [
  { value: 0, label: 'Off' },
  { value: 1, label: '1 min' },
  { value: 5, label: '5 min' },
  { value: 15, label: '15 min' },
  { value: 60, label: '1 hour' },
];

const number = (n: number) => n.toLocaleString('en-US');

/** How often the light live check asks YouTube what is live, with its daily quota cost. */
export function LiveCheckField() {
  const minutes = useSetting('liveCheckIntervalMinutes');
  const perDay = liveCheckUnitsPerDay(minutes);
  const share = ((perDay / YOUTUBE_DAILY_QUOTA) * 100).toFixed(1);
  return (
    <SettingSegmented
      settingKey="liveCheckIntervalMinutes"
      label="Live check"
      description={
        minutes > 0
          ? `How often the site asks YouTube whether the channel is live, for the "Live now" banner: ` +
            `${LIVE_CHECK_UNITS} API units a check, ${number(perDay)} a day (${share} % of the ` +
            `${number(YOUTUBE_DAILY_QUOTA)}-unit daily quota).`
          : 'Off: the home page shows no live banner.'
      }
      options={LIVE_CHECK_OPTIONS}
    />
  );
}
