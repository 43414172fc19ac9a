import {
  publicSettingsSchema,
  settingsSchema,
  settingUpdateResultSchema,
  updateSettingBodySchema,
} from '@app/contracts';
import { z } from 'zod';
import { namedZodDto, zodDto } from '../docs/zod-dto';

export class PublicSettingsDto extends zodDto(publicSettingsSchema) {}
export class SettingsDto extends zodDto(settingsSchema) {}
export class UpdateSettingDto extends zodDto(updateSettingBodySchema) {}
export class SettingUpdateResultDto extends zodDto(settingUpdateResultSchema) {}

/** `GET /api/settings` answers either view until the admin's moves to `GET /api/admin/settings`. */
export const SettingsViewDto = namedZodDto(
  'SettingsViewDto',
  z.union([publicSettingsSchema, settingsSchema]),
);
