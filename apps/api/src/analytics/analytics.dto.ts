import {
  analyticsAcceptedSchema,
  analyticsDayExclusionSchema,
  analyticsDayStateSchema,
  analyticsEventBatchSchema,
  analyticsQuerySchema,
  analyticsReportSchema,
} from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class AnalyticsEventBatchDto extends zodDto(analyticsEventBatchSchema) {}
export class AnalyticsAcceptedDto extends zodDto(analyticsAcceptedSchema) {}
export class AnalyticsQueryDto extends zodDto(analyticsQuerySchema) {}
export class AnalyticsReportDto extends zodDto(analyticsReportSchema) {}
export class AnalyticsDayExclusionDto extends zodDto(analyticsDayExclusionSchema) {}
export class AnalyticsDayStateDto extends zodDto(analyticsDayStateSchema) {}
