import type { AuditEvent } from '@app/contracts';
import type { AuditEventEntity } from './audit-event.entity';

export function toAuditEvent(e: AuditEventEntity): AuditEvent {
  return {
    id: e.id,
    at: e.at.toISOString(),
    action: e.action,
    actor: e.actor,
    ipPrefix: e.ipPrefix,
    detail: e.device ? [e.device, e.detail].filter(Boolean).join(' · ') : e.detail,
  };
}
