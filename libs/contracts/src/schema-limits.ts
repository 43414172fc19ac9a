import type { z } from 'zod';

interface SchemaNode {
  maxLength?: unknown;
  _zod?: { def: { innerType?: unknown; in?: unknown; out?: unknown } };
}

/**
 * The most characters a text schema accepts: the `.max(n)` of the string inside it (through defaults, optionals and
 * preprocessing), or undefined when it sets none. The dashboard's fields take their `maxLength` from here, so a limit
 * is written once, in its schema.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  const queue: unknown[] = [schema];
  while (queue.length > 0) {
    const node = queue.shift() as SchemaNode | undefined;
    if (!node) continue;
    if (typeof node.maxLength === 'number') return node.maxLength;
    const def = node._zod?.def;
    if (def) queue.push(def.innerType, def.in, def.out);
  }
  return undefined;
}
