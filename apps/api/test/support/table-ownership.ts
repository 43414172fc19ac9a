import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

/** Where an entity is declared: its class, its file and the module folder that owns its table. */
export interface OwnedEntity {
  name: string;
  file: string;
  owner: string;
}

export interface OwnershipViolation {
  file: string;
  entity: string;
  owner: string;
}

/** The one file outside the owners that may name every entity: the list the data source loads. */
const REGISTRY = 'database/entities.ts';

/** Every `.ts` file under `dir`, as a path relative to it with forward slashes. */
export function readSources(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        files.set(relative(dir, path).split(sep).join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

const ownerOf = (file: string) => file.split('/')[0];

export function entitiesIn(files: Map<string, string>): OwnedEntity[] {
  return [...files]
    .filter(([file]) => file.endsWith('.entity.ts'))
    .flatMap(([file, text]) =>
      [...text.matchAll(/@Entity\([^)]*\)\s*export class (\w+)/g)].map((m) => ({
        name: m[1],
        file,
        owner: ownerOf(file),
      })),
    );
}

/**
 * Files outside an entity's module that import its file or name its class (to inject its repository, call
 * `getRepository`, `manager.insert(…)`, or just to type a row): each module owns its tables, and the others
 * go through its service.
 */
export function ownershipViolations(files: Map<string, string>): OwnershipViolation[] {
  const entities = entitiesIn(files);
  const violations: OwnershipViolation[] = [];
  for (const [file, text] of files) {
    // Specs may set up rows directly, as the integration specs do.
    if (file === REGISTRY || file.endsWith('.spec.ts')) continue;
    const imported = new Set(
      [...text.matchAll(/from '(\.{1,2}\/[^']*\.entity)'/g)].map(
        (m) => `${posix.normalize(posix.join(posix.dirname(file), m[1]))}.ts`,
      ),
    );
    for (const entity of entities) {
      if (ownerOf(file) === entity.owner) continue;
      if (imported.has(entity.file) || new RegExp(`\\b${entity.name}\\b`).test(text)) {
        violations.push({ file, entity: entity.name, owner: entity.owner });
      }
    }
  }
  return violations;
}
