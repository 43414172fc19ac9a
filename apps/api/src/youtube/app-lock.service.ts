import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { AppLockEntity } from './app-lock.entity';

export interface HeldLock {
  readonly name: string;
  readonly owner: string;
  /** True while the row still names this owner (checked inside the caller's transaction when given). */
  isHeld(manager?: EntityManager): Promise<boolean>;
  /** Stops the heartbeat and deletes the row if it is still ours. */
  release(): Promise<void>;
}

/**
 * Named locks in the `app_lock` table, shared by every API process on the database. A holder refreshes
 * `expiresAt` while it works (every third of the TTL); a process that dies leaves a row that expires, and the
 * next caller takes it over, so a crash never blocks for longer than the TTL.
 */
@Injectable()
export class AppLockService {
  private readonly logger = new Logger(AppLockService.name);
  private readonly processId = `${hostname().slice(0, 30)}:${process.pid}`;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Takes the lock, or returns null when another live holder has it. */
  async acquire(name: string, ttlMs: number): Promise<HeldLock | null> {
    const owner = this.newOwner();
    const taken = await this.take(name, owner, ttlMs);
    if (!taken) return null;
    if (taken === 'takeover') this.logger.warn(`Took over the expired lock "${name}"`);
    return this.held(name, owner, ttlMs);
  }

  /**
   * Claims `name` for `ttlMs` without holding it: no heartbeat, no release; the row simply expires. True for
   * exactly one caller per period across every process: "at most once every `ttlMs`" for periodic work.
   */
  async claim(name: string, ttlMs: number): Promise<boolean> {
    return (await this.take(name, this.newOwner(), ttlMs)) !== null;
  }

  private newOwner(): string {
    return `${this.processId}:${randomUUID().slice(0, 8)}`.slice(0, 64);
  }

  /** Inserts the row, or takes over an expired one; null when another live owner has it. */
  private async take(name: string, owner: string, ttlMs: number): Promise<'new' | 'takeover' | null> {
    const repo = this.dataSource.getRepository(AppLockEntity);
    const now = new Date(this.clock.now());
    const expiresAt = new Date(now.getTime() + ttlMs);
    // INSERT OR IGNORE / INSERT IGNORE: a held lock is the normal case, not an error worth a log line.
    await repo
      .createQueryBuilder()
      .insert()
      .into(AppLockEntity)
      .values({ name, owner, acquiredAt: now, expiresAt })
      .orIgnore()
      .updateEntity(false)
      .execute();
    if (await repo.existsBy({ name, owner })) return 'new';
    const takeover = await repo
      .createQueryBuilder()
      .update(AppLockEntity)
      .set({ owner, acquiredAt: now, expiresAt })
      .where('name = :name AND expiresAt < :now', { name, now })
      .execute();
    return takeover.affected ? 'takeover' : null;
  }

  private held(name: string, owner: string, ttlMs: number): HeldLock {
    const repo = this.dataSource.getRepository(AppLockEntity);
    const heartbeat = setInterval(
      () => {
        const expiresAt = new Date(this.clock.now() + ttlMs);
        repo
          .update({ name, owner }, { expiresAt })
          .catch((error: Error) => this.logger.warn(`Could not extend the lock "${name}": ${error.message}`));
      },
      Math.max(1000, Math.floor(ttlMs / 3)),
    );
    heartbeat.unref();
    return {
      name,
      owner,
      isHeld: async (manager) =>
        (manager ?? this.dataSource.manager).getRepository(AppLockEntity).existsBy({ name, owner }),
      release: async () => {
        clearInterval(heartbeat);
        await repo.delete({ name, owner });
      },
    };
  }
}
