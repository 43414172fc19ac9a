import { toCsv } from '../common/csv';

export interface CsvSubscriber {
  email: string;
  createdAt: Date;
  mailchimpStatus: string;
}

/** The subscribers as CSV (common/csv.ts: quoted where needed, safe against formula injection). */
export function subscribersCsv(rows: CsvSubscriber[]): string {
  return toCsv(
    ['email', 'signed up at', 'Mailchimp status'],
    rows.map((row) => [row.email, row.createdAt.toISOString(), row.mailchimpStatus]),
  );
}

/** `newsletter-subscribers-2026-11-23.csv` (UTC date). */
export function subscribersCsvFileName(now: Date): string {
  return `newsletter-subscribers-${now.toISOString().slice(0, 10)}.csv`;
}
