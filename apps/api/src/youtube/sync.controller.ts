import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { SyncResult, SyncStatus } from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { ApiJson } from '../docs/api-response.decorators';
import { SyncResultDto, SyncStatusDto } from './sync.dto';
import { toSyncResult, toSyncStatus } from './sync.mapper';
import { SyncService } from './sync.service';

/** Admin only (the global session guard): neither route is @Public(). */
@Controller('sync')
export class SyncController {
  constructor(
    private readonly sync: SyncService,
    private readonly audit: AuditService,
  ) {}

  @Post('youtube')
  @HttpCode(200)
  @ApiJson(SyncResultDto, { errors: [400, 401, 403, 409, 415, 502] })
  async youtube(@Req() req: Request): Promise<SyncResult> {
    let result: SyncResult;
    try {
      result = toSyncResult(await this.sync.sync());
    } catch (error) {
      await this.audit.record('youtube-synced', actorOf(req), `failed: ${(error as Error).message}`);
      throw error;
    }
    await this.audit.record(
      'youtube-synced',
      actorOf(req),
      `${result.added} added, ${result.updated} updated, ${result.removed} removed`,
    );
    return result;
  }

  @Get('status')
  @ApiJson(SyncStatusDto, { errors: [401] })
  async status(): Promise<SyncStatus> {
    const { lastRun, lastSuccess, lastPush, setup } = await this.sync.status();
    return toSyncStatus(lastRun, lastSuccess, lastPush, setup);
  }
}
