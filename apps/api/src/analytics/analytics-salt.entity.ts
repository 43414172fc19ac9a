import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The salt of the visitor hashes, one per UTC day; only today's is kept. */
@Entity('analytics_salt')
export class AnalyticsSaltEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'varchar', length: 64 })
  salt: string;
}
