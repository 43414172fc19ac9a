import {
  newsletterDeleteResultSchema,
  newsletterSubscribeResultSchema,
  newsletterSubscribeSchema,
  newsletterSummarySchema,
} from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class NewsletterSubscribeDto extends zodDto(newsletterSubscribeSchema) {}
export class NewsletterSubscribeResultDto extends zodDto(newsletterSubscribeResultSchema) {}
export class NewsletterSummaryDto extends zodDto(newsletterSummarySchema) {}
export class NewsletterDeleteResultDto extends zodDto(newsletterDeleteResultSchema) {}
