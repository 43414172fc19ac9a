import { z } from 'zod';

/** Shape of every error answer of the API. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
  /**
   * A stable name for an error a visitor may see (issue 26), so the site can say it in its own language:
   * `VISITOR_ERROR_CODES` (`error-codes.ts`).
   */
  code: z.string().optional(),
  /** The values the message was made with, for the code's text. */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
