import { searchQuerySchema, searchResponseSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class SearchQueryDto extends zodDto(searchQuerySchema) {}
export class SearchResponseDto extends zodDto(searchResponseSchema) {}
