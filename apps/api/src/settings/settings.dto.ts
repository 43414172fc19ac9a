import {
  publicSettingsSchema,
  settingsSchema,
  settingUpdateResultSchema,
  updateSettingBodySchema,
} from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class PublicSettingsDto extends zodDto(publicSettingsSchema) {}
export class SettingsDto extends zodDto(settingsSchema) {}
export class UpdateSettingDto extends zodDto(updateSettingBodySchema) {}
export class SettingUpdateResultDto extends zodDto(settingUpdateResultSchema) {}
