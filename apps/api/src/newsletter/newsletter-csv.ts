import { stringify } from 'csv-stringify/sync';
import { csvSafe } from '../common/csv';

export { csvSafe };

export interface CsvSubscriber {
  email: string;
  createdAt: Date;
  mailchimpStatus: string;
}

/** The subscribers as CSV (RFC 4180, CRLF), with a header row. */
export function subscribersCsv(rows: CsvSubscriber[]): string {
  return stringify(
    rows.map((row) => [csvSafe(row.email), row.createdAt.toISOString(), csvSafe(row.mailchimpStatus)]),
    { header: true, columns: ['email', 'signed up at', 'Mailchimp status'], record_delimiter: 'windows' },
  );
}

/** `newsletter-subscribers-2026-11-23.csv` (UTC date). */
export function subscribersCsvFileName(now: Date): string {
  return `newsletter-subscribers-${now.toISOString().slice(0, 10)}.csv`;
}
