import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The last connection test of each integration (one row per integration id). */
@Entity('integration_check')
export class IntegrationCheckEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'boolean' })
  ok: boolean;

  /** `connection` or `format` (what the test could prove). */
  @Column({ type: 'varchar', length: 16 })
  scope: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'datetime' })
  checkedAt: Date;

  @Column({ type: 'int', default: 0 })
  durationMs: number;

  /** SHA-256 of the settings the test used: a result about another key or URL is not shown. */
  @Column({ type: 'varchar', length: 64 })
  fingerprint: string;
}
