import { apiPaths, type Passkeys, type TwoFactorStatus } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { PasskeysPanel } from './passkeys-panel';

const PHONE = {
  id: 'p'.repeat(43),
  name: 'Phone',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
};
const WRONG = { statusCode: 400, message: 'password: is incorrect', error: 'Bad Request' };

/** The passkey routes: a wrong password is refused, the right one (`right`) changes the passkey. */
function api(twoFactor: boolean) {
  let passkeys: Passkeys = { passkeys: [PHONE] };
  const fetch = mockFetch({
    [apiPaths.twoFactor]: () =>
      fakeResponse(200, { enabled: twoFactor, recoveryCodesLeft: 10 } satisfies TwoFactorStatus),
    [apiPaths.passkeys]: () => fakeResponse(200, passkeys),
    [apiPaths.audit]: () => fakeResponse(200, { events: [], nextBefore: null }),
    [apiPaths.passkey(PHONE.id)]: () => {
      const [, init] = fetch.mock.calls.at(-1)!;
      const body = JSON.parse(String(init?.body ?? '{}')) as { password?: string; name?: string };
      if (body.password !== 'right') return fakeResponse(400, WRONG);
      if (init?.method === 'DELETE') {
        passkeys = { passkeys: [] };
        return fakeResponse(200, { ok: true });
      }
      passkeys = { passkeys: [{ ...PHONE, name: body.name! }] };
      return fakeResponse(200, passkeys.passkeys[0]);
    },
  });
  return fetch;
}

const sent = (fetch: jest.Mock, method: string) =>
  fetch.mock.calls
    .filter(([url, init]) => url === apiPaths.passkey(PHONE.id) && init?.method === method)
    .map(([, init]) => JSON.parse(String(init.body)));

function render() {
  return renderWithProviders(
    <>
      <Toaster />
      <PasskeysPanel />
    </>,
  );
}

const confirmWith = async (dialog: HTMLElement, button: string, password: string) => {
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
};

describe('the passkeys panel', () => {
  afterEach(() => act(() => notifications.clean()));

  it('asks the password in a modal before removing a passkey; a wrong one is a toast and removes nothing', async () => {
    const fetch = api(false);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Phone' });
    expect(sent(fetch, 'DELETE')).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Code from the app or a recovery code')).toBeNull();

    await confirmWith(dialog, 'Remove', 'wrong');
    expect(await screen.findByText('Failed to remove the passkey')).toBeInTheDocument();
    expect(screen.getByText('400: password: is incorrect')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Remove Phone' })).toBeInTheDocument();

    await confirmWith(dialog, 'Remove', 'right');
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No passkey yet.')).toBeInTheDocument();
    expect(sent(fetch, 'DELETE')).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('asks the password and a code before renaming while two-factor sign-in is on', async () => {
    const fetch = api(true);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: 'My phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Phone' });
    expect(sent(fetch, 'PUT')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'right' } });
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Code from the app or a recovery code'), {
      target: { value: ' 123456 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Passkey renamed')).toBeInTheDocument();
    expect(screen.getByText('Now "My phone"')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetch, 'PUT')).toEqual([{ name: 'My phone', password: 'right', code: '123456' }]);
  });
});
