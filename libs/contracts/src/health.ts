import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['sqlite', 'mysql']),
  databaseUp: z.boolean(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
