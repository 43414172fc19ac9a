import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../database/column-types';

/** The one channel this site is about: a single row with id 1. */
@Entity('channel')
export class ChannelEntity {
  static readonly SINGLETON_ID = 1;

  @PrimaryColumn('int')
  id: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  youtubeChannelId: string | null;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  handle: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  thumbnail: string | null;

  /** The banner's URL as YouTube gives it (`brandingSettings.image.bannerExternalUrl`, no size); null: none. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  banner: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  uploadsPlaylistId: string | null;

  /** Null when YouTube withholds it (a hidden subscriber count): unknown, not 0. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  subscriberCount: number | null;

  /** Null when no sync stated it (feed mode: the Atom feed has no channel totals): unknown, not 0. */
  @Column({ type: 'int', nullable: true })
  videoCount: number | null;

  /** Null when no sync stated it (feed mode), like the video count. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  viewCount: number | null;

  @Column({ type: 'boolean', default: false })
  isDemo: boolean;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt: Date;
}
