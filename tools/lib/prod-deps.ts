import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

/** Packages the API loads by name at run time (TypeORM drivers, Nest's HTTP adapter). */
export const API_RUNTIME_PACKAGES = ['@nestjs/platform-express', 'better-sqlite3', 'mysql2'];

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Packages that compiled code under `distDir` requires but `dependencies` lacks. The API's
 * Docker image installs production dependencies only, so such a package would crash it.
 */
export function missingProductionDependencies(
  distDir: string,
  dependencies: Record<string, string>,
  extra: string[] = [],
): Map<string, string> {
  const missing = new Map<string, string>();
  const check = (name: string, where: string) => {
    if (!(name in dependencies) && !missing.has(name)) missing.set(name, where);
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/\brequire\(["']([^"']+)["']\)/g)) {
          if (
            specifier.startsWith('.') ||
            specifier.startsWith('node:') ||
            builtinModules.includes(specifier)
          ) {
            continue;
          }
          check(packageName(specifier), path);
        }
      }
    }
  };
  walk(distDir);
  for (const name of extra) check(name, '(loaded at run time)');
  return missing;
}
