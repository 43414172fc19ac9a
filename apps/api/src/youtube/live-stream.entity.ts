import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A stream the light live check last saw live or scheduled; the table is replaced when that changes. */
@Entity('live_stream')
export class LiveStreamEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  thumbnail: string | null;

  @Column({ type: 'varchar', length: 16 })
  state: 'live' | 'upcoming';

  @Column({ type: 'datetime', nullable: true })
  scheduledStartTime: Date | null;

  @Column({ type: 'datetime', nullable: true })
  actualStartTime: Date | null;
}
