import {
  liveCheckResultSchema,
  liveStateSchema,
  syncResultSchema,
  syncStatusSchema,
  websubStatusSchema,
} from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class SyncResultDto extends zodDto(syncResultSchema) {}
export class SyncStatusDto extends zodDto(syncStatusSchema) {}
export class LiveStateDto extends zodDto(liveStateSchema) {}
export class LiveCheckResultDto extends zodDto(liveCheckResultSchema) {}
export class WebsubStatusDto extends zodDto(websubStatusSchema) {}
