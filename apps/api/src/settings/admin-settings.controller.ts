import { Controller, Get } from '@nestjs/common';
import type { Settings } from '@app/contracts';
import { ApiJson } from '../docs/api-response.decorators';
import { SettingsDto } from './settings.dto';
import { SettingsService } from './settings.service';

@Controller('admin/settings')
export class AdminSettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** Every key as the admin edits it: stored values (no fallbacks), secrets masked. */
  @Get()
  @ApiJson(SettingsDto, { errors: [401] })
  list(): Promise<Settings> {
    return this.settings.adminView();
  }
}
