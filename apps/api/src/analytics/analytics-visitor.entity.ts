import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The visitors of today and yesterday, by their daily hash (never the IP or user agent), with where their
 * first page view of the day came from. Older days are rolled into `analytics_rollup` and deleted.
 */
@Entity('analytics_visitor')
export class AnalyticsVisitorEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  hash: string;

  /** A TrafficSource. */
  @Column({ type: 'varchar', length: 16 })
  source: string;

  /** Referrer host ('' without one). */
  @Column({ type: 'varchar', length: 255, default: '' })
  referrer: string;

  /** `source\tmedium\tcampaign` of the landing URL's UTM parameters ('' without any). */
  @Column({ type: 'varchar', length: 320, default: '' })
  campaign: string;

  /** The hero variants shown to the visitor today (`A`, `B`, `AB`): a hero click counts only after its impression. */
  @Column({ type: 'varchar', length: 8, default: '' })
  hero: string;

  /**
   * The visitor's network (an IPv4 /24 or IPv6 /48) hashed with the day's salt ('' for a row older than the column):
   * which visitors share a network, for the flood check, never which network it is.
   */
  @Column({ type: 'varchar', length: 16, default: '' })
  network: string;
}
