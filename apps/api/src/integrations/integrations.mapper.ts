import type { IntegrationCheck } from '@app/contracts';
import type { IntegrationCheckEntity } from './integration-check.entity';

export function toIntegrationCheck(row: IntegrationCheckEntity): IntegrationCheck {
  return {
    id: row.id as IntegrationCheck['id'],
    ok: Boolean(row.ok),
    scope: row.scope as IntegrationCheck['scope'],
    message: row.message,
    checkedAt: new Date(row.checkedAt).toISOString(),
    durationMs: row.durationMs,
  };
}
