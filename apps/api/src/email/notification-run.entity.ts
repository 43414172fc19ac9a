import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Scheduled e-mails sent (or tried): one row per kind and period, e.g. the weekly summary of 2026-W48. */
@Index('uq_notification_run_period', ['kind', 'period'], { unique: true })
@Entity('notification_run')
export class NotificationRunEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  /** `weekly-summary`. */
  @Column({ type: 'varchar', length: 32 })
  kind: string;

  /** The period's key: the ISO week `2026-W48`. */
  @Column({ type: 'varchar', length: 32 })
  period: string;

  @Column({ type: 'datetime' })
  periodStart: Date;

  @Column({ type: 'datetime' })
  periodEnd: Date;

  @Column({ type: 'datetime' })
  startedAt: Date;

  @Column({ type: 'datetime', nullable: true })
  finishedAt: Date | null;

  @Column({ type: 'varchar', length: 16 })
  outcome: 'running' | 'sent' | 'failed';

  @Column({ type: 'varchar', length: 254, default: '' })
  recipient: string;

  @Column({ type: 'int', default: 0 })
  videos: number;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'int', nullable: true })
  status: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;
}
