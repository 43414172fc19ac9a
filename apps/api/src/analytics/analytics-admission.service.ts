import { Injectable } from '@nestjs/common';
import { isbot } from 'isbot';
import { createHash } from 'node:crypto';
import { Clock } from '../common/clock';
import { addressRefusal, clientNetworkKey, clientPrefixKey } from '../common/outbound/address-policy';
import { SettingsService } from '../settings/settings.service';
import { utcDay } from './analytics-math';
import type { EventSender } from './analytics-events-http';
import { AnalyticsStoreService } from './analytics-store.service';
import type { Pending } from './analytics-rows';
import { WindowLimiter } from './window-limiter';

/** Events per visitor (daily hash) per minute; a batch beyond it is dropped whole (`accepted: 0`). */
export const EVENTS_PER_VISITOR_PER_MINUTE = 120;
/**
 * Events per public IP address (an IPv6 address's /64: clientNetworkKey) per minute, whatever user agents it sends: a script that changes its user agent
 * on every request is a new "visitor" each time, but still one address. Generous, for a household or an office
 * behind one address. Loopback and private addresses (a proxy that is not trusted, a load test on the machine)
 * are left to the per-visitor limit, so a misconfigured proxy never throttles the whole site.
 */
export const EVENTS_PER_ADDRESS_PER_MINUTE = 600;
/** How long the enableSiteAnalytics setting is reused (the settings are read from the database). */
const SETTING_TTL_MS = 2000;

/** Who a batch is counted as: its day and the hashes made with that day's salt. */
export type Admitted = Pick<Pending, 'day' | 'visitor' | 'network' | 'host'>;

/**
 * Which beacons count, and as whom: none from a crawler, from a visitor asking not to be tracked (`Sec-GPC`) or
 * while site analytics is off; none beyond a visitor's or an address's events a minute. A visitor is a hash of
 * the address, user agent and host with the day's salt, which changes every UTC day.
 */
@Injectable()
export class AnalyticsAdmissionService {
  private readonly limiter = new WindowLimiter(EVENTS_PER_VISITOR_PER_MINUTE, 60_000);
  /** Keyed by a salted hash of the address, never the address itself; forgotten a minute or two after its first use. */
  private readonly addressLimiter = new WindowLimiter(EVENTS_PER_ADDRESS_PER_MINUTE, 60_000);
  private salt: { day: string; value: Promise<string> } | undefined;
  private day: { day: string; from: number; until: number } | undefined;
  private enabled: { until: number; value: Promise<boolean> } | undefined;

  constructor(
    private readonly store: AnalyticsStoreService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** Whether anything `sender` sends may count: not a crawler, not `Sec-GPC: 1`, site analytics on. */
  async counts(sender: EventSender): Promise<boolean> {
    if (sender.gpc || isbot(sender.userAgent)) return false;
    return this.isEnabled();
  }

  /**
   * Who `count` events of `sender` count as today, or undefined when the visitor's or the address's limit refuses
   * them (the batch is dropped whole).
   */
  async admit(sender: EventSender, count: number): Promise<Admitted | undefined> {
    const day = this.today();
    const salt = await this.saltFor(day);
    // From here on synchronous: the events belong to the day their salt is of, even if the await crossed midnight.
    const now = this.clock.now();
    const visitor = this.visitorHash(salt, sender);
    if (!this.limiter.take(visitor, count, now)) return undefined;
    if (addressRefusal(sender.ip, { allowLoopback: false }) === null) {
      const network = clientNetworkKey(sender.ip);
      const address = createHash('sha256').update(`${salt}\0${network}`).digest('base64url');
      if (!this.addressLimiter.take(address, count, now)) return undefined;
    }
    const network = createHash('sha256')
      .update(`${salt}\0network\0${clientPrefixKey(sender.ip)}`)
      .digest('hex')
      .slice(0, 16);
    return { day, visitor, network, host: sender.host.toLowerCase() };
  }

  private isEnabled(): Promise<boolean> {
    const now = this.clock.now();
    if (!this.enabled || now >= this.enabled.until) {
      const value = this.settings.get('enableSiteAnalytics');
      this.enabled = { until: now + SETTING_TTL_MS, value };
      value.catch(() => (this.enabled = undefined));
    }
    return this.enabled.value;
  }

  /** utcDay(now), worked out once a day rather than once a beacon. */
  private today(): string {
    const now = this.clock.now();
    if (!this.day || now < this.day.from || now >= this.day.until) {
      const day = utcDay(now);
      const from = Date.parse(`${day}T00:00:00Z`);
      this.day = { day, from, until: from + 86_400_000 };
    }
    return this.day.day;
  }

  /** The salt of `day` (today's), asked of the store once a day per process. */
  saltFor(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const value = this.store.saltFor(day);
      this.salt = { day, value };
      value.catch(() => (this.salt = undefined));
    }
    return this.salt.value;
  }

  private visitorHash(salt: string, sender: EventSender): string {
    return createHash('sha256')
      .update(`${salt}\n${sender.ip}\n${sender.userAgent}\n${sender.host}`)
      .digest('hex')
      .slice(0, 32);
  }
}
