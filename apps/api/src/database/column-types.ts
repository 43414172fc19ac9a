import type { ValueTransformer } from 'typeorm';

/** MySQL returns BIGINT as a string; counts fit a JS number comfortably (< 2^53). */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
