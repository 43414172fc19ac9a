import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('playlist')
export class PlaylistEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  thumbnail: string | null;

  @Column({ type: 'int', default: 0 })
  videoCount: number;

  @Column({ type: 'boolean', default: false })
  pinned: boolean;

  /** Order in which the platform lists the channel's playlists. */
  @Column({ type: 'int', default: 0 })
  position: number;
}
