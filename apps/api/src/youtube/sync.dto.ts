import { syncResultSchema, syncStatusSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class SyncResultDto extends zodDto(syncResultSchema) {}
export class SyncStatusDto extends zodDto(syncStatusSchema) {}
