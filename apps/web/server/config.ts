/**
 * The web server's configuration, read from the environment once at start and validated (as the API's
 * `apps/api/src/config/env.ts`): a wrong value stops the start with one line per problem. `.env.example` and the
 * README's table document every variable (tools/env-docs.spec.ts keeps them equal to this schema).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { envFlag } from '@app/node-server';
import { z } from 'zod';

/** Every environment variable the web server reads. */
export const webEnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4200),
  API_URL: z
    .url({
      protocol: /^https?$/,
      message: 'must be the http(s) address of the API, such as http://127.0.0.1:3000',
    })
    .default('http://127.0.0.1:3000'),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: envFlag.default(false),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute URL such as https://example.com' })
    .optional(),
});

export interface WebServerConfig {
  host: string;
  port: number;
  /** Base URL of the API, without a trailing slash. */
  apiUrl: string;
  /** The built web app (index.html and assets/). */
  distDir: string;
  /** The server-rendering entry, or false when it is not there (pages then go out as the prerendered shell). */
  ssrEntry: string | false;
  /** A proxy in front sets X-Forwarded-*: its protocol, host and visitor address are taken. */
  trustProxy: boolean;
  /** The site's address (PUBLIC_URL, as the API is given it), when set. */
  publicUrl?: string;
}

/**
 * The configuration from `env`, with the paths of a bundle in `serverDir` (dist/apps/web-server): the web build
 * beside it (`../web`) unless WEB_DIST names another, and the rendering entry inside it. Throws one message naming
 * every wrong variable.
 */
export function loadWebConfig(env: NodeJS.ProcessEnv, serverDir: string): WebServerConfig {
  // An empty value (`PORT=` in .env) is the default, as for the API.
  const given = Object.fromEntries(
    Object.keys(webEnvSchema.shape).flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  );
  const parsed = webEnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web server environment:\n${lines.join('\n')}`);
  }
  const distDir = resolve(parsed.data.WEB_DIST ?? join(serverDir, '../web'));
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(
      `Invalid web server environment:\n  WEB_DIST: ${distDir}/index.html is missing (build the web app: npx nx run web:build)`,
    );
  const ssrEntry = join(serverDir, 'entry-server.mjs');
  return {
    host: parsed.data.HOST,
    port: parsed.data.PORT,
    apiUrl: parsed.data.API_URL.replace(/\/+$/, ''),
    distDir,
    ssrEntry: existsSync(ssrEntry) ? ssrEntry : false,
    trustProxy: parsed.data.TRUST_PROXY,
    ...(parsed.data.PUBLIC_URL ? { publicUrl: parsed.data.PUBLIC_URL } : {}),
  };
}
