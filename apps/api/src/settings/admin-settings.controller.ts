import { Controller, Get } from '@nestjs/common';
import type { Settings } from '@app/contracts';
import { SettingsService } from './settings.service';

@Controller('admin/settings')
export class AdminSettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** Every key as the admin edits it: stored values (no fallbacks), secrets masked. */
  @Get()
  list(): Promise<Settings> {
    return this.settings.adminView();
  }
}
