import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A subscribe or unsubscribe this site asked the hub for and has not yet seen verified. Its token is in the
 * callback URL the hub was given, so only the hub (which calls that exact URL back) can confirm it: the
 * verification must carry the token, the mode and the topic asked for, and for a subscribe a lease no longer
 * than the one asked for. A verification uses its row up; an unverified row is worthless after
 * WEBSUB_PENDING_RETRY_MS.
 */
@Entity('websub_intent')
export class WebsubIntentEntity {
  /** Random, per request (an unsubscribe names the callback of the subscription it ends, so its token). */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  token: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  mode: 'subscribe' | 'unsubscribe';

  @Column({ type: 'varchar', length: 255 })
  topic: string;

  /** The lease asked for (subscribe only): the hub's answer may be shorter, never longer. */
  @Column({ type: 'int', nullable: true })
  leaseSeconds: number | null;

  @Column({ type: 'datetime' })
  requestedAt: Date;
}
