import { auditPageSchema, auditQuerySchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class AuditQueryDto extends zodDto(auditQuerySchema) {}
export class AuditPageDto extends zodDto(auditPageSchema) {}
