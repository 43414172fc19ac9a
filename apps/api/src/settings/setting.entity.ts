import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One settings key; the value is stored as JSON text (validated by the registry in libs/contracts). */
@Entity('setting')
export class SettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt: Date;
}
