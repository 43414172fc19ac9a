import { z } from 'zod';

/** Shape of every error answer of the API (DESIGN §4). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
