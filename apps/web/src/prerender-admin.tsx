import { ADMIN_PATH } from '@app/contracts/watch';
import { DEFAULT_SITE_LANGUAGE } from '@app/contracts/site-language';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App } from './app/app';
import { signedOutQueryClient } from './app/admin-login-app';
import { loadAdminPage, routes } from './app/router';
import { activateMessages } from './i18n/i18n';
import { loadCatalogue } from './i18n/load-catalogue';

/**
 * The login screen of `/admin` as static HTML (features/admin/login/prerendered-login.ts): the app at `/admin` with
 * nobody signed in, in English as the dashboard is, and the title the app gives it. The build puts it into the page the web server sends to a
 * visitor without a session (apps/web/server/admin-login-shell.ts); the browser hydrates it (app/admin-login-app.tsx).
 */
export async function renderAdminLogin(): Promise<{ html: string; title: string }> {
  activateMessages(await loadCatalogue(DEFAULT_SITE_LANGUAGE));
  const { ADMIN_TITLES } = await loadAdminPage();
  const queryClient = signedOutQueryClient();
  try {
    const router = createMemoryRouter(routes, { initialEntries: [ADMIN_PATH] });
    const html = renderToString(<App queryClient={queryClient} router={router} />);
    return { html, title: ADMIN_TITLES.signedOut };
  } finally {
    queryClient.clear();
  }
}
