import type { AuditAction } from '@app/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One entry of the audit log (issue 25); pruned by age and count (AUDIT_RETENTION_DAYS, AUDIT_MAX_EVENTS). */
@Index('idx_audit_event_action', ['action', 'id'])
@Entity('audit_event')
export class AuditEventEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('idx_audit_event_at')
  @Column({ type: 'datetime' })
  at: Date;

  @Column({ type: 'varchar', length: 32 })
  action: AuditAction;

  /** The admin's username, the name tried by a failed sign-in, or `system`. */
  @Column({ type: 'varchar', length: 64 })
  actor: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  ipPrefix: string;

  /** The device of a sign-in (auth/device-name.ts): how a new device is recognised. */
  @Column({ type: 'varchar', length: 128, default: '' })
  device: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  detail: string;
}
