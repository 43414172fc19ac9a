import { z } from 'zod';

/**
 * An on/off environment variable, as both servers read them: `true`, `1` or `yes` is on; `false`, `0` or `no` is
 * off; anything else stops the start with the variable named.
 */
export const envFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
