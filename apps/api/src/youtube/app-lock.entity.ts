import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A named lock row shared by every API process (e.g. one YouTube sync at a time). */
@Entity('app_lock')
export class AppLockEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 64 })
  owner: string;

  @Column({ type: 'datetime' })
  acquiredAt: Date;

  @Column({ type: 'datetime' })
  expiresAt: Date;
}
