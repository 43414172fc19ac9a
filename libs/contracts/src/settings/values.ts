import { z } from 'zod';
import { HEX_COLOR_PATTERN } from '../limits';

/**
 * The building blocks of the settings' schemas: each value kind with its messages (a 400 names the field and says
 * what is wrong), and the three kinds of setting the registry holds.
 */

/** Names a wrong type (or a missing value); other issues keep their own messages. */
export const typeError =
  (expected: string) =>
  (issue: { code?: string; input?: unknown }): string | undefined => {
    if (issue.code !== 'invalid_type') return undefined;
    return issue.input === undefined ? 'is required' : `must be ${expected}`;
  };

export const string = () => z.string({ error: typeError('a string') });
export const boolean = () => z.boolean({ error: typeError('true or false') });
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: typeError('a number') })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** null clears a text to ''. */
export const nullToEmpty = (value: unknown) => (value === null ? '' : value);

/** A text of at most `max` characters; single-line texts are trimmed. */
export function text(max: number, { trim = true }: { trim?: boolean } = {}) {
  const base = trim ? string().trim() : string();
  return z.preprocess(nullToEmpty, base.max(max, `must be at most ${max} characters`));
}

/** A text that is either empty (not set) or passes `valid`. */
export function clearable(max: number, valid: (value: string) => boolean, message: string) {
  return z.preprocess(
    nullToEmpty,
    string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      .refine((value) => value === '' || value.length > max || valid(value), message),
  );
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: () => `must be one of ${values.join(', ')}` });
}

export function oneOfNumbers<const T extends readonly [number, ...number[]]>(values: T) {
  return z.literal(values, { error: () => `must be one of ${values.join(', ')}` });
}

const httpUrl = z.url({ protocol: /^https?$/ });
const email = z.email();

export const isHttpUrl = (value: string): boolean => httpUrl.safeParse(value).success;

export const urlSetting = () => clearable(2048, isHttpUrl, 'must be an http(s) URL');
export const emailSetting = () =>
  clearable(254, (v) => email.safeParse(v).success, 'must be an e-mail address');
export const colorSetting = () => string().regex(HEX_COLOR_PATTERN, 'must be a colour like #FF0000');

/** A required text (trimmed, not empty) of at most `max` characters. */
export const requiredText = (max: number) =>
  z.preprocess(
    nullToEmpty,
    string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`),
  );
export interface SettingDefinition<S extends z.ZodType, P extends boolean, X extends boolean> {
  readonly schema: S;
  readonly default: z.output<S>;
  /** Sent to anonymous visitors. */
  readonly public: P;
  /** Never sent in clear: masked for the admin, left out of backups. */
  readonly secret: X;
}

export const publicSetting = <S extends z.ZodType>(schema: S, defaultValue: z.output<S>) =>
  ({ schema, default: defaultValue, public: true, secret: false }) as SettingDefinition<S, true, false>;
export const adminSetting = <S extends z.ZodType>(schema: S, defaultValue: z.output<S>) =>
  ({ schema, default: defaultValue, public: false, secret: false }) as SettingDefinition<S, false, false>;
export const secretSetting = <S extends z.ZodType>(schema: S, defaultValue: z.output<S>) =>
  ({ schema, default: defaultValue, public: false, secret: true }) as SettingDefinition<S, false, true>;
