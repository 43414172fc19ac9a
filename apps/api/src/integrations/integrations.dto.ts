import { integrationCheckSchema, integrationChecksSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class IntegrationCheckDto extends zodDto(integrationCheckSchema) {}
export class IntegrationChecksDto extends zodDto(integrationChecksSchema) {}
