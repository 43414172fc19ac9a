import { z } from 'zod';

/** The integrations of the dashboard's Overview, in its order. */
export const integrationIds = [
  'youtube',
  'google-analytics',
  'plausible',
  'discord',
  'email',
  'mailchimp',
  'custom-webhook',
] as const;
export const integrationIdSchema = z.enum(integrationIds);
export type IntegrationId = z.infer<typeof integrationIdSchema>;

export const isIntegrationId = (value: string): value is IntegrationId =>
  (integrationIds as readonly string[]).includes(value);

/**
 * What a test could prove: `connection` — the service itself answered; `format` — only the setting's form
 * could be checked (Google Analytics, Plausible: nothing to ask without the owner's sign-in), so it is no
 * claim of a connection.
 */
export const integrationCheckScopes = ['connection', 'format'] as const;

/** Answer of `POST /api/integrations/{id}/test`, and one entry of the last results. */
export const integrationCheckSchema = z.object({
  id: integrationIdSchema,
  ok: z.boolean(),
  scope: z.enum(integrationCheckScopes),
  /** What happened, in the service's own words on a failure. */
  message: z.string(),
  /** ISO 8601 date-time of the test. */
  checkedAt: z.string(),
  durationMs: z.number().int().nonnegative(),
});
export type IntegrationCheck = z.infer<typeof integrationCheckSchema>;

/**
 * Answer of `GET /api/admin/integrations/checks`: the last test of each integration, left out when none
 * was run or its settings changed since (the result would describe another key or URL).
 */
export const integrationChecksSchema = z.object({ checks: z.array(integrationCheckSchema) });
export type IntegrationChecks = z.infer<typeof integrationChecksSchema>;
