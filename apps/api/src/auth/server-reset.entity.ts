import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A reset made from the server (ADMIN_PASSWORD_RESET, ADMIN_RESET_2FA), remembered so that a variable left
 * set acts on one start, not on every start (where it would undo a password change or a new enrolment).
 * The resets, and when a row is written or forgotten: startup-resets.service.ts.
 */
@Entity('server_reset')
export class ServerResetEntity {
  /** The variable: ADMIN_PASSWORD_RESET or ADMIN_RESET_2FA. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  name: string;

  /** ADMIN_PASSWORD_RESET: the argon2id hash of the ADMIN_PASSWORD it applied (a new value is a new reset). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  @Column({ type: 'datetime' })
  appliedAt: Date;
}
