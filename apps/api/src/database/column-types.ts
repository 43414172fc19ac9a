import type { ValueTransformer } from 'typeorm';

/** MySQL returns BIGINT as a string; counts fit a JS number comfortably (< 2^53). */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

/** A short list of strings kept as JSON text (a deal's video ids); anything unreadable reads as an empty list. */
export const jsonStringList: ValueTransformer = {
  to: (value: string[] | undefined) => (value === undefined ? value : JSON.stringify(value)),
  from: (value: string | null): string[] => {
    try {
      const list: unknown = JSON.parse(value ?? '[]');
      return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  },
};
