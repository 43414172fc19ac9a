import { firstRunChecklistSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class FirstRunChecklistDto extends zodDto(firstRunChecklistSchema) {}
