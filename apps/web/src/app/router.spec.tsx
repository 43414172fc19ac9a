import { isSitePagePath } from '@app/contracts/watch';
import { screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { renderRoute } from '../test/render';

/** The admin page is a lazily loaded chunk: on a busy machine it can take more than findBy's default second. */
const LAZY_CHUNK = { timeout: 10_000 };
jest.setTimeout(20_000);

const stats = { subscriberCount: 1_500, videoCount: 42, viewCount: 987_654 };

describe('routes', () => {
  it('/ shows the home page with the channel stats', async () => {
    mockFetch({ '/api/channel/stats': () => fakeResponse(200, stats) });
    renderRoute('/');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('988K', undefined, LAZY_CHUNK)).toBeInTheDocument();
    expect(screen.getByText('2K')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Admin', hidden: true })[0]).toHaveAttribute('href', '/admin');
  });

  it('an unknown path shows the 404 page with the router hint', () => {
    mockFetch();
    renderRoute('/no/such/page');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/add the page to the router/)).toBeInTheDocument();
  });

  it.each([
    '/',
    '/admin',
    '/admin/',
    '/ADMIN',
    '/no/such/page',
    '/nonexistent',
    '/index.html',
    '/admin/x',
    '/apix',
  ])(
    '%s shows the not-found page exactly when the web server answers it with a 404 (isSitePagePath)',
    (path) => {
      mockFetch();
      renderRoute(path);
      expect(screen.queryByRole('heading', { name: '404 Page Not Found' }) === null).toBe(
        isSitePagePath(path),
      );
    },
  );

  it('/admin asks who is signed in, with an answer that is no error when nobody is, and shows the login screen', async () => {
    const fetch = mockFetch({ '/api/auth/session': () => fakeResponse(200, { user: null }) });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin login' }, LAZY_CHUNK)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/session',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/me', expect.anything());
  });

  it('/admin shows the login screen when the check fails otherwise', async () => {
    mockFetch({ '/api/auth/session': () => fakeResponse(500, { message: 'Database down' }) });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin login' }, LAZY_CHUNK)).toBeInTheDocument();
  });

  it('/admin shows the dashboard for a signed-in admin', async () => {
    mockFetch({
      '/api/auth/session': () => fakeResponse(200, { user: { id: 1, username: 'owner' } }),
    });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' }, LAZY_CHUNK)).toBeInTheDocument();
    expect(screen.getByText('Signed in as owner.')).toBeInTheDocument();
  });
});
