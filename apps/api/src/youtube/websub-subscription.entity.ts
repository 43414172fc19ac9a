import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The one WebSub subscription (issue 24) shared by every API process: the topic and callback asked for, the
 * per-subscription secret that signs the hub's notifications (never sent to the dashboard), and the lease.
 */
@Entity('websub_subscription')
export class WebsubSubscriptionEntity {
  static readonly SINGLETON_ID = 'youtube';

  @PrimaryColumn({ type: 'varchar', length: 16 })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  topic: string;

  /** The callback without its token: PUBLIC_URL's, compared with the wanted one. */
  @Column({ type: 'varchar', length: 512 })
  callback: string;

  /**
   * The token in the callback URL of the subscription the hub last verified (each request has its own), so an
   * unsubscribe names that exact URL; null before the first verification.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  callbackToken: string | null;

  @Column({ type: 'varchar', length: 128 })
  secret: string;

  /** pending (asked, not verified) or active (verified). */
  @Column({ type: 'varchar', length: 16 })
  state: 'pending' | 'active';

  @Column({ type: 'datetime' })
  requestedAt: Date;

  @Column({ type: 'int', nullable: true })
  leaseSeconds: number | null;

  @Column({ type: 'datetime', nullable: true })
  verifiedAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  lastNotificationAt: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;
}
