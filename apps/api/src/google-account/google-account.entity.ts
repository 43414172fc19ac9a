import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The owner's connected Google account: one row (id 1) or none. The refresh token is only ever stored sealed
 * (token-cipher.ts: AES-256-GCM); access tokens are never stored.
 */
@Entity('google_account')
export class GoogleAccountEntity {
  @PrimaryColumn({ type: 'int' })
  id: number;

  /** The YouTube channel the account manages (channels.list?mine=true at connection). */
  @Column({ type: 'varchar', length: 64 })
  channelId: string;

  @Column({ type: 'varchar', length: 255 })
  channelTitle: string;

  /** The scopes Google granted, separated by spaces. */
  @Column({ type: 'text' })
  scopes: string;

  /** `v1.<key id>.<iv>.<tag>.<ciphertext>`: never the token itself. */
  @Column({ type: 'text' })
  refreshTokenSealed: string;

  /** `connected`, or `reconnect-needed` once Google refused the refresh token. */
  @Column({ type: 'varchar', length: 24 })
  state: string;

  /** Why a reconnection is needed. */
  @Column({ type: 'text', nullable: true })
  problem: string | null;

  @Column({ type: 'datetime' })
  connectedAt: Date;

  @Column({ type: 'datetime' })
  updatedAt: Date;
}
