import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A signed link to a deal's sponsor report (sponsor-report-links.ts). The token is `{id}.{HMAC}`: the row holds the
 * random nonce the signature covers, so a token is only ever good for this row, and the row is the revocation
 * record (`revokedAt`): a revoked link answers 410 at once.
 */
@Entity('sponsor_report_link')
export class SponsorReportLinkEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('idx_sponsor_report_link_deal')
  @Column({ type: 'integer' })
  sponsorshipId: number;

  /** 16 random bytes, hex. */
  @Column({ type: 'varchar', length: 32 })
  nonce: string;

  @CreateDateColumn({ type: 'datetime' })
  createdAt: Date;

  @Column({ type: 'datetime', nullable: true })
  revokedAt: Date | null;
}
