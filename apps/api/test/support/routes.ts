import type { INestApplication } from '@nestjs/common';

export interface RouteInfo {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
}

/** Every route the running Nest app registered on Express (read from the router, not from a list). */
export function registeredRoutes(app: INestApplication): RouteInfo[] {
  const express = app.getHttpAdapter().getInstance();
  const stack: { route?: { path: string; methods: Record<string, boolean> } }[] = express.router.stack;
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((method) => ({
          method: method as RouteInfo['method'],
          path: layer.route!.path,
        }))
      : [],
  );
}

/** Fills `:params` with harmless sample values. */
export function samplePath(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (name === 'name' ? 'v1.svg' : `sample-${name}`));
}
