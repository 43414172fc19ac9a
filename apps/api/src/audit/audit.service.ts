import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AUDIT_MAX_EVENTS,
  AUDIT_PAGE_SIZE,
  AUDIT_RETENTION_DAYS,
  type AuditAction,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
  truncateText,
} from '@app/contracts';
import {
  type FindOptionsWhere,
  LessThan,
  LessThanOrEqual,
  type Repository,
  type SelectQueryBuilder,
} from 'typeorm';
import { Clock } from '../common/clock';
import type { AuditActor } from './audit-actor';
import { AuditEventEntity } from './audit-event.entity';
import { toAuditEvent } from './audit.mapper';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries older than the retention are deleted at most this often per process. */
const AGE_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What anyone can write without limit (a fresh username per attempt is never throttled): the first to go when
 * the log is full, so a flood of them cannot push out a sign-in, a change or a security event.
 */
const NOISE: AuditAction = 'sign-in-failed';

/**
 * The audit log (issue 25): who did what, when and from where. Bounded: entries older than
 * AUDIT_RETENTION_DAYS go, and never more than AUDIT_MAX_EVENTS are kept: past that, the oldest failed
 * sign-ins go first, and other entries (oldest first) only when they alone are more than the maximum.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);
  private lastAgePrune = 0;

  constructor(
    @InjectRepository(AuditEventEntity) private readonly events: Repository<AuditEventEntity>,
    private readonly clock: Clock,
  ) {}

  /**
   * Adds an entry. Never throws: a log that cannot be written must not undo what it records (the failure is
   * logged on the server instead).
   */
  async record(action: AuditAction, who: AuditActor, detail = '', device = ''): Promise<void> {
    try {
      const inserted = await this.events.insert({
        at: new Date(this.clock.now()),
        action,
        actor: truncateText(who.actor, 64, ''),
        ipPrefix: truncateText(who.ipPrefix, 64, ''),
        device: truncateText(device, 128, ''),
        detail: truncateText(detail, 1000),
      });
      await this.prune(Number(inserted.identifiers[0]?.id));
    } catch (error) {
      this.logger.error(`Could not record "${action}" in the audit log: ${(error as Error).message}`);
    }
  }

  /** One page of entries, newest first. */
  async page(query: AuditQuery): Promise<AuditPage> {
    const rows = await this.filtered(query)
      .take(AUDIT_PAGE_SIZE + 1)
      .getMany();
    const events = rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditEvent);
    return {
      events,
      nextBefore: rows.length > AUDIT_PAGE_SIZE ? events[events.length - 1].id : null,
    };
  }

  /** Every entry the filters match, newest first (at most AUDIT_MAX_EVENTS exist): the CSV export. */
  async all(query: AuditQuery): Promise<AuditEvent[]> {
    return (await this.filtered(query).getMany()).map(toAuditEvent);
  }

  /** Whether `username` signed in from this device before (within the retention). */
  async knownDevice(username: string, device: string): Promise<boolean> {
    return this.events.existsBy({ action: 'sign-in', actor: username, device });
  }

  private filtered(query: AuditQuery): SelectQueryBuilder<AuditEventEntity> {
    const qb = this.events.createQueryBuilder('e').orderBy('e.id', 'DESC');
    if (query.action) qb.andWhere('e.action = :action', { action: query.action });
    if (query.from) qb.andWhere('e.at >= :from', { from: new Date(`${query.from}T00:00:00Z`) });
    if (query.to) {
      qb.andWhere('e.at < :to', { to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) });
    }
    if (query.before) qb.andWhere('e.id < :before', { before: query.before });
    return qb;
  }

  /**
   * Keeps at most AUDIT_MAX_EVENTS entries, evicting failed sign-ins before anything else, and, at most hourly,
   * deletes entries past the retention. Ids only grow, so while the newest is at most the maximum there cannot
   * be more entries than that (no count needed).
   */
  private async prune(newestId: number): Promise<void> {
    if (!Number.isFinite(newestId) || newestId > AUDIT_MAX_EVENTS) {
      let excess = (await this.events.count()) - AUDIT_MAX_EVENTS;
      if (excess > 0) excess -= await this.evictOldest(excess, { action: NOISE });
      if (excess > 0) await this.evictOldest(excess, {});
    }
    const now = this.clock.now();
    if (now - this.lastAgePrune < AGE_PRUNE_INTERVAL_MS) return;
    this.lastAgePrune = now;
    await this.events.delete({ at: LessThan(new Date(now - AUDIT_RETENTION_DAYS * DAY_MS)) });
  }

  /** Deletes up to `count` of the oldest entries matching `where`; answers how many went. */
  private async evictOldest(count: number, where: FindOptionsWhere<AuditEventEntity>): Promise<number> {
    const oldest = await this.events.find({ select: { id: true }, where, order: { id: 'ASC' }, take: count });
    if (oldest.length === 0) return 0;
    await this.events.delete({ ...where, id: LessThanOrEqual(oldest[oldest.length - 1].id) });
    return oldest.length;
  }
}
