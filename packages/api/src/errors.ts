import * as z from 'zod';
import { ERROR_CODES } from './error-codes.ts';

/** The JSON body of every non-2xx answer: `{error, code}` plus optional details. */
export const apiErrorBody = z.object({
  /** Human-readable message in English. */
  error: z.string(),
  /** Stable code to branch on. */
  code: z.enum(ERROR_CODES),
  /** Seconds to wait before retrying; set with 429 (mirrors the Retry-After header). */
  retry_after: z.number().int().nonnegative().optional(),
  /** Field-level problems for `invalid_data`. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
