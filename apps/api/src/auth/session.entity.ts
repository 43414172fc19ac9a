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

  @DeleteDateColumn({ type: 'datetime', nullable: true })
  destroyedAt?: Date;
}
