import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { SyncResult, SyncStatus } from '@app/contracts';
import { ApiJson } from '../docs/api-response.decorators';
import { SyncResultDto, SyncStatusDto } from './sync.dto';
import { toSyncResult, toSyncStatus } from './sync.mapper';
import { SyncService } from './sync.service';

/** Admin only (the global session guard): neither route is @Public(). */
@Controller('sync')
export class SyncController {
  constructor(private readonly sync: SyncService) {}

  @Post('youtube')
  @HttpCode(200)
  @ApiJson(SyncResultDto, { errors: [400, 401, 403, 409, 415, 502] })
  async youtube(): Promise<SyncResult> {
    return toSyncResult(await this.sync.sync());
  }

  @Get('status')
  @ApiJson(SyncStatusDto, { errors: [401] })
  async status(): Promise<SyncStatus> {
    const { lastRun, lastSuccess } = await this.sync.status();
    return toSyncStatus(lastRun, lastSuccess);
  }
}
