import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** The admin's two-factor recovery codes: SHA-256 of each (they carry 120 bits), used once. */
@Entity('recovery_code')
export class RecoveryCodeEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('idx_recovery_code_user_id')
  @Column({ type: 'int' })
  userId: number;

  @Index('idx_recovery_code_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ type: 'datetime', nullable: true })
  usedAt: Date | null;
}
