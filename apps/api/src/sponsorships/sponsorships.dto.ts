import {
  sponsorReportLinkListSchema,
  sponsorReportLinkSchema,
  sponsorshipInputSchema,
  sponsorshipListSchema,
  sponsorshipSchema,
} from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class SponsorshipInputDto extends zodDto(sponsorshipInputSchema) {}
export class SponsorshipDto extends zodDto(sponsorshipSchema) {}
export class SponsorshipListDto extends zodDto(sponsorshipListSchema) {}
export class SponsorReportLinkDto extends zodDto(sponsorReportLinkSchema) {}
export class SponsorReportLinkListDto extends zodDto(sponsorReportLinkListSchema) {}
