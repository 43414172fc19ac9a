import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A video a WebSub notification announced (issue 24): the primary key makes the claim, so the new-video
 * notifications fire once per video however often the hub repeats and whichever process receives it.
 */
@Entity('websub_announced_video')
export class WebsubAnnouncedEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  videoId: string;

  /** The process (and request) whose insert won the claim. */
  @Column({ type: 'varchar', length: 64 })
  claimedBy: string;

  @Column({ type: 'datetime' })
  announcedAt: Date;
}
