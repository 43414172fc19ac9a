import { type PageKind, type PageModel, pageModelQuerySchema, pageModelSchema } from '@app/contracts';
import type { z } from 'zod';
import { zodDto } from '../docs/zod-dto';

/** One object type for the class to extend (the schema, a union by `kind`, is what documents and checks it). */
type AnyPageModel = Omit<PageModel, 'kind' | 'status' | 'data'> & {
  kind: PageKind;
  status: PageModel['status'];
  data: PageModel['data'];
};

export class PageModelQueryDto extends zodDto(pageModelQuerySchema) {}
export class PageModelDto extends zodDto(pageModelSchema as unknown as z.ZodType<AnyPageModel>) {}
