import { Controller, Get, Header, HttpStatus, Res } from '@nestjs/common';
import { Public } from '../common/public.decorator';
import type { Health } from '@app/contracts';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { ApiJson } from '../docs/api-response.decorators';
import { HealthDto } from './health.dto';

export const HEALTH_PING_TIMEOUT_MS = 2000;
/** Asked by probes; not content, and must answer even while the database hangs. */
export const HEALTH_PATH = '/api/health';

@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Pings the database: 200 when it answers, 503 when it does not. Anyone may ask, so the answer
   * says only that (no database type, no uptime).
   */
  @Public()
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiJson(HealthDto)
  @ApiJson(HealthDto, { status: 503, description: 'The database does not answer' })
  async check(@Res({ passthrough: true }) res: Response): Promise<Health> {
    // A database that hangs (rather than refusing) must not hang the health check.
    const databaseUp = await Promise.race([
      this.dataSource.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(resolve, HEALTH_PING_TIMEOUT_MS, false).unref()),
    ]);
    if (!databaseUp) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: databaseUp ? 'ok' : 'error' };
  }
}
