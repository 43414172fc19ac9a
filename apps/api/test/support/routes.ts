import { type INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';

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

/** `method /path` of every route the app registered, but the OpenAPI document's own (`/api/docs…`). */
export function appRoutes(app: INestApplication): string[] {
  return registeredRoutes(app)
    .filter((r) => !r.path.startsWith('/api/docs'))
    .map((r) => `${r.method} ${r.path}`);
}

/** Fills `:params` with harmless sample values. */
export function samplePath(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (name === 'name' ? 'v1.svg' : `sample-${name}`));
}

/**
 * `method /path` of every handler that reads a body (`@Body()`), from Nest's own route metadata. Paths are
 * in the router's form (`/api/videos/:id/featured`): each handler's is whichever of its two possible forms
 * (with or without the global `api` prefix) the app registered.
 */
export function routesTakingBody(app: INestApplication): string[] {
  const registered = new Set(registeredRoutes(app).map((r) => `${r.method} ${r.path}`));
  const found: string[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number].toLowerCase();
        const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {};
        if (!Object.keys(args).some((key) => Number(key.split(':')[0]) === RouteParamtypes.BODY)) continue;
        const joined = `/${base}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        const key = [`${method} ${joined}`, `${method} /api${joined}`].find((k) => registered.has(k));
        if (!key) throw new Error(`cannot find the route of ${type.name}.${name} (${method} ${joined})`);
        found.push(key);
      }
    }
  }
  return found;
}
