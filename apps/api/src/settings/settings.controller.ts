import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { type PublicSettings, type SettingUpdateResult, updateSettingBodySchema } from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { Public } from '../common/public.decorator';
import { parseOrThrow } from '../common/validation';
import { ApiJson } from '../docs/api-response.decorators';
import { PublicSettingsDto, SettingUpdateResultDto, UpdateSettingDto } from './settings.dto';
import { SettingsService } from './settings.service';

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** The public keys, the same answer for everyone (the dashboard reads `GET /api/admin/settings`). */
  @Public()
  @Get()
  @ApiJson(PublicSettingsDto)
  list(): Promise<PublicSettings> {
    return this.settings.publicView();
  }

  @Post(':key')
  @HttpCode(HttpStatus.OK)
  @ApiJson(SettingUpdateResultDto, { body: UpdateSettingDto, errors: [400, 401, 403, 413, 415] })
  update(
    @Req() req: Request,
    @Param('key') key: string,
    @Body() body: unknown,
  ): Promise<SettingUpdateResult> {
    this.settings.resolveKey(key);
    const { value } = parseOrThrow(updateSettingBodySchema, body);
    return this.settings.update(key, value, actorOf(req));
  }
}
