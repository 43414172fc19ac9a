import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The variables of the resets the owner makes from the server; one row each while it has acted. */
export const PASSWORD_RESET = 'ADMIN_PASSWORD_RESET';
export const TWO_FACTOR_RESET = 'ADMIN_RESET_2FA';

/**
 * A reset made from the server (ADMIN_PASSWORD_RESET, ADMIN_RESET_2FA), remembered so that a variable left
 * set acts on one start, not on every start (where it would undo a password change or a new enrolment).
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
