import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A command line read by node:util's `parseArgs`: only the named options, no positionals, and a
 * mistake (an unknown option, a missing value) throws its message followed by `usage`.
 */
export function parseOptions<const T extends Options>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${usage}`);
  }
}

/** The whole number (0 or more) given to `--name`, if given. */
export function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number`);
  return n;
}
