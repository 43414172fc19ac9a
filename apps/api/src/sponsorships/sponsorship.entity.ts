import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber, jsonStringList } from '../database/column-types';

/** A sponsorship deal the owner recorded. Money in whole cents, so sums are exact. */
@Entity('sponsorship')
export class SponsorshipEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column({ type: 'varchar', length: 100 })
  sponsorName: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  amountCents: number;

  /** `YYYY-MM-DD`, first day of the deal. */
  @Column({ type: 'varchar', length: 10 })
  startDate: string;

  /** `YYYY-MM-DD`, last day of the deal (included). */
  @Column({ type: 'varchar', length: 10 })
  endDate: string;

  /**
   * The sponsored videos' ids, in the owner's order (a JSON list, at most SPONSORSHIP_MAX_VIDEOS). The column's
   * default (`[]`, for the deals older than it) is the migration's only: named here, TypeORM would read the default
   * back into a new deal after its INSERT, in place of the ids just written.
   */
  @Column({ type: 'varchar', length: 512, transformer: jsonStringList })
  videoIds: string[];

  @CreateDateColumn({ type: 'datetime' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt: Date;
}
