import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/** Reads a dotenv file (`NAME=value` lines, `#` comments); a missing file is an empty set. */
export function readEnvFile(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const parsed = parseEnv(readFileSync(path, 'utf8'));
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
