import type { Sponsorship, SponsorshipInput } from '@app/contracts';
import type { SponsorshipEntity } from './sponsorship.entity';

export type SponsorshipRow = Pick<
  SponsorshipEntity,
  'sponsorName' | 'url' | 'message' | 'amountCents' | 'startDate' | 'endDate' | 'videoIds'
>;

export function toSponsorship(entity: SponsorshipEntity): Sponsorship {
  return { id: entity.id, ...toBackupSponsorship(entity) };
}

/** A deal in a backup file: no id (an import numbers the deals anew). */
export function toBackupSponsorship(entity: SponsorshipEntity): Required<SponsorshipInput> {
  return {
    sponsorName: entity.sponsorName,
    url: entity.url,
    message: entity.message,
    amountUsd: entity.amountCents / 100,
    startDate: entity.startDate,
    endDate: entity.endDate,
    videoIds: entity.videoIds,
  };
}

/** A validated body (or backup row) as columns. */
export function toSponsorshipRow(input: Required<SponsorshipInput>): SponsorshipRow {
  return {
    sponsorName: input.sponsorName,
    url: input.url,
    message: input.message,
    amountCents: Math.round(input.amountUsd * 100),
    startDate: input.startDate,
    endDate: input.endDate,
    videoIds: input.videoIds,
  };
}
