import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A stream of the channel: live or scheduled as the light live check last saw it (those rows are replaced when
 * that changes), or ended (a replay: its actual start and end, kept when it leaves the newest uploads, so its
 * watch page can say when it was live).
 */
@Entity('live_stream')
export class LiveStreamEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  thumbnail: string | null;

  @Column({ type: 'varchar', length: 16 })
  state: 'live' | 'upcoming' | 'ended';

  @Column({ type: 'datetime', nullable: true })
  scheduledStartTime: Date | null;

  @Column({ type: 'datetime', nullable: true })
  actualStartTime: Date | null;

  @Column({ type: 'datetime', nullable: true })
  actualEndTime: Date | null;
}
