/**
 * Which shell `/admin` is made from (issue 46): a visitor without the session cookie gets the login screen in the
 * HTML (admin-login-shell.ts, made by the build), which paints before any script; a request with the cookie gets
 * index.html as before, whose app shows "Checking your session…" and then the dashboard, so a signed-in owner never
 * sees the login form. A cookie that no longer names a session takes the second way, and the app shows the form.
 */
import { isAdminPath } from '@app/contracts/watch';
import type { Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_LOGIN_SHELL_FILE } from './admin-login-shell';
import { hasSessionCookie } from './api-micro-cache';

export interface AdminLoginPage {
  /**
   * The login screen's shell when `req` asks for `/admin` without a session, else undefined. Answers to `/admin`
   * vary by the cookie, so no cache hands one visitor's to another.
   */
  shellFor(req: Request, res: Response): string | undefined;
}

/** `dev`: under `npm run dev` there is no build, and `/admin` is index.html as Vite serves it. */
export function createAdminLoginPage(distDir: string, dev: boolean): AdminLoginPage {
  const file = join(distDir, ADMIN_LOGIN_SHELL_FILE);
  const shell = dev || !existsSync(file) ? undefined : readFileSync(file, 'utf8');
  return {
    shellFor(req, res) {
      if (!isAdminPath(req.path)) return undefined;
      res.vary('Cookie');
      return hasSessionCookie(req.headers.cookie) ? undefined : shell;
    },
  };
}
