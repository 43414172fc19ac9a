import { missingImagesSchema, retryImagesResultSchema, retryImagesSchema } from '@app/contracts';
import { namedZodDto, zodDto } from '../docs/zod-dto';

export class MissingImagesDto extends zodDto(missingImagesSchema) {}
export const RetryImagesDto = namedZodDto('RetryImagesDto', retryImagesSchema);
export class RetryImagesResultDto extends zodDto(retryImagesResultSchema) {}
