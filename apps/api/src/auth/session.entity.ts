import type { ISession } from 'connect-typeorm';
import { Column, DeleteDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../database/column-types';

/** Server-side sessions (express-session via connect-typeorm), shared by every API process. */
@Entity('session')
export class SessionEntity implements ISession {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Index('idx_session_expired_at')
  @Column({ type: 'bigint', transformer: bigintToNumber })
  expiredAt: number = Date.now();

  @Column({ type: 'text' })
  json: string = '';

  /**
   * Epoch ms of the session's last request, to the minute (auth/sessions.service.ts). A column of its own, written
   * by a plain UPDATE: saving the session's JSON would bring back a session revoked meanwhile.
   */
  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  lastSeenAt: number | null = null;

  @DeleteDateColumn({ type: 'datetime', nullable: true })
  destroyedAt?: Date;
}
