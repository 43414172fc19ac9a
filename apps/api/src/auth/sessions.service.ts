import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type AdminSession, SESSION_LIFETIME_MS } from '@app/contracts';
import type { SessionData } from 'express-session';
import { createHash } from 'node:crypto';
import { MoreThan, Not, type Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { deviceName } from './device-name';
import { SessionEntity } from './session.entity';

/** A session's last request is written at most this often (the list shows it to the minute). */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
/** Sessions whose last write is remembered in this process (more are forgotten, then written again). */
const REMEMBERED_SESSIONS = 1_000;

/** What a stored session's JSON holds (express-session's data, passport's user). */
type StoredSession = SessionData & { passport?: { user?: { id?: number } } };

/** The id the dashboard sees for a session: a digest, so the cookie's value never leaves the server. */
export function publicSessionId(sid: string): string {
  return createHash('sha256').update(sid).digest('hex').slice(0, 32);
}

/** The admin's signed-in sessions (issue 25): listed with device and network, revoked one by one or all but this. */
@Injectable()
export class SessionsService {
  private readonly lastWritten = new Map<string, number>();

  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly clock: Clock,
  ) {}

  /**
   * Records that a signed-in session made a request, at most once a minute per session, with a plain UPDATE
   * (never a save, which would bring back a session revoked meanwhile).
   */
  async touch(sid: string): Promise<void> {
    const now = this.clock.now();
    if (now - (this.lastWritten.get(sid) ?? 0) < LAST_SEEN_RESOLUTION_MS) return;
    if (this.lastWritten.size >= REMEMBERED_SESSIONS) this.lastWritten.clear();
    this.lastWritten.set(sid, now);
    await this.sessions.update({ id: sid }, { lastSeenAt: now });
  }

  /** The user's live signed-in sessions, the most recently seen first; `currentSid` is marked. */
  async list(userId: number, currentSid: string): Promise<AdminSession[]> {
    const now = this.clock.now();
    const live = await this.live(userId, now);
    return live
      .map(({ row, data }) => {
        const signedInAt = data.loginAt!;
        return {
          id: publicSessionId(row.id),
          device: deviceName(data.userAgent),
          ipPrefix: data.ipPrefix || 'unknown',
          signedInAt: new Date(signedInAt).toISOString(),
          lastSeenAt: new Date(Math.max(row.lastSeenAt ?? 0, signedInAt)).toISOString(),
          current: row.id === currentSid,
        };
      })
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** Signs out one of the user's other sessions (by its public id); answers its device. */
  async revoke(userId: number, id: string, currentSid: string): Promise<string> {
    const found = (await this.live(userId, this.clock.now())).find(
      ({ row }) => publicSessionId(row.id) === id,
    );
    if (!found) throw new NotFoundException('No such session (it may have ended already)');
    if (found.row.id === currentSid) {
      throw new BadRequestException('id: is this session (use Logout to end it)');
    }
    await this.sessions.delete({ id: found.row.id });
    return deviceName(found.data.userAgent);
  }

  /** Signs out every session but `currentSid` (one admin: they are all its own); answers how many ended. */
  async revokeOthers(currentSid: string): Promise<number> {
    const signedIn = (await this.live(undefined, this.clock.now())).filter(
      ({ row }) => row.id !== currentSid,
    );
    await this.sessions.delete({ id: Not(currentSid) });
    return signedIn.length;
  }

  /** Stored sessions signed in (for `userId`, or anyone) less than 24 h ago. */
  private async live(
    userId: number | undefined,
    now: number,
  ): Promise<{ row: SessionEntity; data: StoredSession }[]> {
    const rows = await this.sessions.find({ where: { expiredAt: MoreThan(now) } });
    return rows.flatMap((row) => {
      let data: StoredSession;
      try {
        data = JSON.parse(row.json) as StoredSession;
      } catch {
        return [];
      }
      const user = data.passport?.user?.id;
      const loginAt = data.loginAt;
      if (user === undefined || (userId !== undefined && user !== userId)) return [];
      if (typeof loginAt !== 'number' || now - loginAt >= SESSION_LIFETIME_MS) return [];
      return [{ row, data }];
    });
  }
}
