/**
 * The name of the admin's session cookie: the API sets it (`apps/api/src/auth/session.setup.ts`), the web server's
 * micro-cache and nginx (`apps/web/nginx.conf`, held equal by `tools/nginx-conf.spec.ts`) let a request carrying it
 * pass by their caches.
 */
export const SESSION_COOKIE = 'sid';
