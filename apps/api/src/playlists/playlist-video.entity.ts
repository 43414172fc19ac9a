import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A video a playlist holds, at its place in the playlist. */
@Entity('playlist_video')
export class PlaylistVideoEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  playlistId: string;

  @Index('idx_playlist_video_video_id')
  @PrimaryColumn({ type: 'varchar', length: 32 })
  videoId: string;

  @Column({ type: 'int', default: 0 })
  position: number;
}
