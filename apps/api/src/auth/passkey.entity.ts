import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../database/column-types';

/** One of the admin's passkeys (WebAuthn credentials, issue 25). */
@Entity('passkey')
export class PasskeyEntity {
  /** The credential id, base64url (at most 1023 bytes by WebAuthn, so 1364 characters). */
  @PrimaryColumn({ type: 'varchar', length: 1400 })
  id: string;

  @Index('idx_passkey_user')
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  /** The COSE public key, base64url. */
  @Column({ type: 'text' })
  publicKey: string;

  /** The authenticator's signature counter (a clone shows by a counter that does not grow). */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  counter: number;

  /** The transports the browser reported (JSON array), handed back as hints at sign-in. */
  @Column({ type: 'varchar', length: 255, default: '[]' })
  transports: string;

  @CreateDateColumn({ type: 'datetime' })
  createdAt: Date;

  @Column({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null;
}
