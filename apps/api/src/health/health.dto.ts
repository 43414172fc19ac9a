import { healthSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class HealthDto extends zodDto(healthSchema) {}
