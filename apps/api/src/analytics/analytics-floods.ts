/** When a day's traffic looks like a flood of fake visitors (docs/analytics.md, floods). */
import { ANALYTICS_FLOOD_NETWORK_SHARE, ANALYTICS_FLOOD_NETWORK_VISITORS } from '@app/contracts';

/** What the flood rule reads of a day, and whether the owner left the day out of the reports. */
export interface DayTraffic {
  day: string;
  /** The day's visitors (visitor rows). */
  visitors: number;
  /** The visitors of the day's busiest network (an IPv4 /24 or IPv6 /48). */
  networkVisitors: number;
  /** The day reached its visitor cap: later new visitors were counted as views only. */
  capped: boolean;
  excluded: boolean;
}

/**
 * A day reached its visitor cap, or one network brought at least ANALYTICS_FLOOD_NETWORK_VISITORS visitors and at
 * least ANALYTICS_FLOOD_NETWORK_SHARE of the day's: a household, an office or a school brings a few, a script that
 * varies its user agent (or its forwarded address within one network) brings thousands.
 */
export function isSuspectedFlood(day: Pick<DayTraffic, 'visitors' | 'networkVisitors' | 'capped'>): boolean {
  return (
    day.capped ||
    (day.networkVisitors >= ANALYTICS_FLOOD_NETWORK_VISITORS &&
      day.networkVisitors >= ANALYTICS_FLOOD_NETWORK_SHARE * day.visitors)
  );
}
