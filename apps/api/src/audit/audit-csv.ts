import { auditActionLabels, type AuditEvent } from '@app/contracts';
import { toCsv } from '../common/csv';

/** The audit log as CSV (common/csv.ts: quoted where needed, safe against formula injection). */
export function auditCsv(events: AuditEvent[]): string {
  return toCsv(
    ['at', 'action', 'what', 'who', 'from', 'detail'],
    events.map((e) => [e.at, e.action, auditActionLabels[e.action], e.actor, e.ipPrefix, e.detail]),
  );
}

/** `audit-log-2026-11-26.csv` (UTC date). */
export function auditCsvFileName(now: Date): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}
