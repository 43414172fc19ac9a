import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { truncateText } from '@app/contracts';
import type { Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { SECRET_KEYS, type SecretKeys } from '../config/secret-keys';
import { GoogleAccountEntity } from './google-account.entity';
import { openToken, sealToken } from './token-cipher';
import { type TokenKeyRing, tokenKeyRing } from './token-keys';

const ROW_ID = 1;
/** Bound into the seal: a value copied from another sealed column does not open here. */
export const REFRESH_TOKEN_PURPOSE = 'google_account.refreshToken';

export type AccountState = 'connected' | 'reconnect-needed';

/** The stored connection, its refresh token opened (undefined when no key of the ring opens it). */
export interface StoredAccount {
  row: GoogleAccountEntity;
  refreshToken: string | undefined;
}

export interface NewConnection {
  channelId: string;
  channelTitle: string;
  scopes: string[];
  refreshToken: string;
}

/**
 * The `google_account` table: one row, the refresh token sealed with the ring's current key on every write and
 * sealed again when it was read with an older one (the rotation path, docs/integrations/google-account.md).
 */
@Injectable()
export class GoogleAccountStore {
  readonly ring: TokenKeyRing;

  constructor(
    @InjectRepository(GoogleAccountEntity) private readonly rows: Repository<GoogleAccountEntity>,
    private readonly clock: Clock,
    @Inject(ENV) env: Env,
    @Inject(SECRET_KEYS) keys: SecretKeys,
  ) {
    this.ring = tokenKeyRing(env, keys.googleRefreshToken);
  }

  /** The connection, if any; a token sealed with an older key is sealed again with the current one. */
  async find(): Promise<StoredAccount | null> {
    const row = await this.rows.findOneBy({ id: ROW_ID });
    if (!row) return null;
    const opened = openToken(row.refreshTokenSealed, this.ring, REFRESH_TOKEN_PURPOSE);
    if (opened?.stale) {
      row.refreshTokenSealed = sealToken(opened.value, this.ring, REFRESH_TOKEN_PURPOSE);
      await this.rows.update({ id: ROW_ID }, { refreshTokenSealed: row.refreshTokenSealed });
    }
    return { row, refreshToken: opened?.value };
  }

  async save(connection: NewConnection): Promise<GoogleAccountEntity> {
    const now = new Date(this.clock.now());
    const row: GoogleAccountEntity = {
      id: ROW_ID,
      channelId: connection.channelId,
      channelTitle: truncateText(connection.channelTitle, 255),
      scopes: [...new Set(connection.scopes)].sort().join(' '),
      refreshTokenSealed: sealToken(connection.refreshToken, this.ring, REFRESH_TOKEN_PURPOSE),
      state: 'connected' satisfies AccountState,
      problem: null,
      connectedAt: now,
      updatedAt: now,
    };
    await this.rows.upsert(row, ['id']);
    return row;
  }

  /** Marks the connection as needing a new consent; true when it was connected until now. */
  async markReconnectNeeded(problem: string): Promise<boolean> {
    const result = await this.rows.update(
      { id: ROW_ID, state: 'connected' satisfies AccountState },
      { state: 'reconnect-needed' satisfies AccountState, problem, updatedAt: new Date(this.clock.now()) },
    );
    return (result.affected ?? 0) > 0;
  }

  async remove(): Promise<void> {
    await this.rows.delete({ id: ROW_ID });
  }
}
