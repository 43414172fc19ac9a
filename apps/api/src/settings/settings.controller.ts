import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import {
  type PublicSettings,
  type SettingUpdateResult,
  type Settings,
  updateSettingBodySchema,
} from '@app/contracts';
import type { Request } from 'express';
import { hasLiveSession } from '../auth/session.guard';
import { Clock } from '../common/clock';
import { Public } from '../common/public.decorator';
import { parseOrThrow } from '../common/validation';
import { ApiJson } from '../docs/api-response.decorators';
import { SettingsViewDto, SettingUpdateResultDto, UpdateSettingDto } from './settings.dto';
import { SettingsService } from './settings.service';

@Controller('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** Visitors get the public keys; the signed-in admin every key, secrets masked. */
  @Public()
  @Get()
  @Header('Vary', 'Cookie')
  @ApiJson(SettingsViewDto)
  list(@Req() req: Request): Promise<PublicSettings | Settings> {
    return hasLiveSession(req, this.clock.now()) ? this.settings.adminView() : this.settings.publicView();
  }

  @Post(':key')
  @HttpCode(HttpStatus.OK)
  @ApiJson(SettingUpdateResultDto, { body: UpdateSettingDto, errors: [400, 401, 403, 413, 415] })
  update(@Param('key') key: string, @Body() body: unknown): Promise<SettingUpdateResult> {
    this.settings.resolveKey(key);
    const { value } = parseOrThrow(updateSettingBodySchema, body);
    return this.settings.update(key, value);
  }
}
