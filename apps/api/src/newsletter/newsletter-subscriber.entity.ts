import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Where a sign-up stands with Mailchimp: `local` (no Mailchimp configured), `pending` (to be sent, or
 * retried after a failure), `synced` (Mailchimp accepted it), `failed` (Mailchimp refused it for good). */
export type MailchimpSyncStatus = 'local' | 'pending' | 'synced' | 'failed';

/** Double opt-in of the local list (issue 25): `pending` until the e-mailed link is followed, then
 * `confirmed`; `none` when stored without confirmation (no SMTP server then) or left to Mailchimp's own. */
export type NewsletterConfirmation = 'none' | 'pending' | 'confirmed';

/** One address signed up through the site's Subscribe form (issue 14). */
@Entity('newsletter_subscriber')
export class NewsletterSubscriberEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Lower-cased; unique, so the same address twice (even in parallel) is one row. */
  @Index('UQ_newsletter_subscriber_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'datetime' })
  createdAt: Date;

  @Column({ type: 'varchar', length: 16 })
  mailchimpStatus: MailchimpSyncStatus;

  /** Calls to Mailchimp so far for this address. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** A `pending` row is not tried before this (the retry's backoff, or an attempt under way). */
  @Column({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  syncedAt: Date | null;

  /** A `pending` row is not a subscriber: not counted, not exported, deleted once its link has expired. */
  @Column({ type: 'varchar', length: 16, default: 'none' })
  confirmation: NewsletterConfirmation;
}
