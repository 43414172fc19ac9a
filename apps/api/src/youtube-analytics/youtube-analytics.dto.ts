import {
  youtubeAnalyticsQuerySchema,
  youtubeAnalyticsRefreshSchema,
  youtubeAnalyticsStatusSchema,
  youtubeAudienceReportSchema,
  youtubeContentReportSchema,
  youtubeOverviewReportSchema,
  youtubeRevenueReportSchema,
} from '@app/contracts';
import { namedZodDto, zodDto } from '../docs/zod-dto';

export class YoutubeAnalyticsQueryDto extends zodDto(youtubeAnalyticsQuerySchema) {}
export class YoutubeAnalyticsStatusDto extends zodDto(youtubeAnalyticsStatusSchema) {}
export class YoutubeAnalyticsRefreshDto extends zodDto(youtubeAnalyticsRefreshSchema) {}
/** Each report is a union (its figures, or why there are none): a named DTO. */
export const YoutubeOverviewReportDto = namedZodDto('YoutubeOverviewReportDto', youtubeOverviewReportSchema);
export const YoutubeContentReportDto = namedZodDto('YoutubeContentReportDto', youtubeContentReportSchema);
export const YoutubeAudienceReportDto = namedZodDto('YoutubeAudienceReportDto', youtubeAudienceReportSchema);
export const YoutubeRevenueReportDto = namedZodDto('YoutubeRevenueReportDto', youtubeRevenueReportSchema);
