import { sponsorshipInputSchema, sponsorshipListSchema, sponsorshipSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class SponsorshipInputDto extends zodDto(sponsorshipInputSchema) {}
export class SponsorshipDto extends zodDto(sponsorshipSchema) {}
export class SponsorshipListDto extends zodDto(sponsorshipListSchema) {}
