/** The page model's parts as the web server reads them (`GET /api/page?path=`, apps/api/src/public-pages/page-model.*). */
import { type PageModel, pageModelUrl } from '@app/contracts';
import request from 'supertest';

/** What supertest asks: the test app's HTTP server. */
type Server = Parameters<typeof request>[0];

/** The page model of `path` (200), asked as the web server asks it: anonymously, under `host` when given. */
export async function pageModelOf(server: Server, path = '/', host?: string): Promise<PageModel> {
  const asked = request(server).get(pageModelUrl(path));
  return (await (host === undefined ? asked : asked.set('Host', host)).expect(200)).body as PageModel;
}

/** The `<head>` tags the web server puts into the page of `path`. */
export async function pageHeadOf(server: Server, path = '/', host?: string): Promise<string> {
  return (await pageModelOf(server, path, host)).head;
}
