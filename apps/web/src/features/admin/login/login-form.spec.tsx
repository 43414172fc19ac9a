import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { currentUserQueryOptions } from '../../auth/api/get-current-user';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  const submitPassword = () => {
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'admin123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  };

  it('signs in with the password alone while two-factor sign-in is off', async () => {
    mockFetch({ '/api/auth/login': () => fakeResponse(200, { id: 1, username: 'admin' }) });
    const { queryClient } = renderWithProviders(<LoginForm />);
    submitPassword();
    await waitFor(() =>
      expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)).toEqual({
        id: 1,
        username: 'admin',
      }),
    );
    expect(screen.queryByLabelText(/Authentication code/)).toBeNull();
  });

  it('asks for a code after the password while it is on, and signs in only with the code', async () => {
    const fetch = mockFetch({
      '/api/auth/login': () => fakeResponse(200, { twoFactorRequired: true }),
      '/api/auth/login/two-factor': () => fakeResponse(200, { id: 1, username: 'admin' }),
    });
    const { queryClient } = renderWithProviders(<LoginForm />);
    submitPassword();
    const code = await screen.findByLabelText(/Authentication code/);
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)).toEqual({
        id: 1,
        username: 'admin',
      }),
    );
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(url).toBe('/api/auth/login/two-factor');
    expect(JSON.parse(String(init!.body))).toEqual({ code: '123456' });
  });

  it('goes back to the password step', async () => {
    mockFetch({ '/api/auth/login': () => fakeResponse(200, { twoFactorRequired: true }) });
    renderWithProviders(<LoginForm />);
    submitPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Back to username and password' }));
    expect(screen.getByRole('heading', { name: 'Admin login' })).toBeTruthy();
  });
});
