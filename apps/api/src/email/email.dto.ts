import { emailSendTestResultSchema, weeklySummaryStatusSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class EmailSendTestResultDto extends zodDto(emailSendTestResultSchema) {}
export class WeeklySummaryStatusDto extends zodDto(weeklySummaryStatusSchema) {}
