import { z } from 'zod';

/**
 * `GET /api/health`, for load balancers and start scripts: 200 with `ok` while the database answers,
 * 503 with `error` while it does not. Nothing more (no database type, no uptime): anyone may ask.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof healthSchema>;
