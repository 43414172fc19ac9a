import { act, fireEvent } from '@testing-library/react';
import { renderAdminLogin } from '../prerender-admin';
import { loginPrerendered, loginTakenOver, prefilled } from '../features/admin/login/prerendered-login';
import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { hydrateAdminLogin } from './admin-login-app';

describe('the login screen the server sends, taken over by the app (admin-login-app.tsx)', () => {
  beforeEach(() => window.history.pushState({}, '', '/admin'));
  afterEach(() => {
    window.history.pushState({}, '', '/');
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });

  /** The page as the server sends it: the build's rendering in a marked #root. */
  async function serverPage() {
    const { html, title } = await renderAdminLogin();
    document.body.innerHTML = `<div id="root" data-login-prerendered>${html}</div>`;
    const root = document.getElementById('root')!;
    const field = (name: string) => root.querySelector<HTMLInputElement>(`form input[name="${name}"]`)!;
    return { root, title, field };
  }

  it('is the signed-out login form, as the app draws it, with its title', async () => {
    const { root, title, field } = await serverPage();
    expect(title).toBe('Admin login');
    expect(root.querySelector('h1')?.textContent).toBe('Admin login');
    expect(field('username').required).toBe(true);
    expect(field('password').type).toBe('password');
    expect(root.querySelector('form')?.method).toBe('post');
    expect(root.textContent).not.toContain('Checking your session');
  });

  it('is hydrated in place: the same elements, no mismatch, and what was typed before is what it signs in with', async () => {
    const { root, field } = await serverPage();
    const heading = root.querySelector('h1');
    field('username').value = 'admin';
    field('password').value = 'typed-before';
    const errors = jest.spyOn(console, 'error');
    const fetch = mockFetch({ '/api/auth/login': () => fakeResponse(401, { message: 'Invalid' }) });
    await act(() => hydrateAdminLogin(root, (app) => app));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector('h1')).toBe(heading);
    expect(field('username').value).toBe('admin');

    await act(async () => {
      fireEvent.submit(root.querySelector('form')!);
    });
    const login = fetch.mock.calls.find(([url]) => url === '/api/auth/login');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ username: 'admin', password: 'typed-before' });
    // Nobody was signed in (no session cookie): the app never asked.
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/auth/session');
  });

  it('hands over what was typed only while the server’s form is there', async () => {
    const { field } = await serverPage();
    field('username').value = 'owner';
    expect(loginPrerendered()).toBe(true);
    expect(prefilled('username')).toBe('owner');
    loginTakenOver();
    expect(loginPrerendered()).toBe(false);
    expect(prefilled('username')).toBe('');
  });
});
