import { auditActionLabels, type AuditEvent } from '@app/contracts';
import { stringify } from 'csv-stringify/sync';
import { csvSafe } from '../common/csv';

/** The audit log as CSV (RFC 4180, CRLF), every text cell safe against formula injection. */
export function auditCsv(events: AuditEvent[]): string {
  return stringify(
    events.map((e) => [
      e.at,
      e.action,
      csvSafe(auditActionLabels[e.action]),
      csvSafe(e.actor),
      csvSafe(e.ipPrefix),
      csvSafe(e.detail),
    ]),
    {
      header: true,
      columns: ['at', 'action', 'what', 'who', 'from', 'detail'],
      record_delimiter: 'windows',
    },
  );
}

/** `audit-log-2026-11-26.csv` (UTC date). */
export function auditCsvFileName(now: Date): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}
