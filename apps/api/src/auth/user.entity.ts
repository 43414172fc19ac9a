import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../database/column-types';

@Entity('user')
export class UserEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  username: string;

  /** argon2id encoded hash. */
  @Column({ type: 'varchar', length: 255 })
  passwordHash: string;

  /** The TOTP secret, sealed with a key derived from SESSION_SECRET; set while two-factor sign-in is on. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  twoFactorSecret: string | null;

  /** The sealed secret of an enrolment started but not yet confirmed with a code. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  twoFactorPendingSecret: string | null;

  /** The RFC 6238 time step of the last accepted code: a code of that step or earlier is refused (no replay). */
  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  twoFactorLastStep: number | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt: Date;
}
