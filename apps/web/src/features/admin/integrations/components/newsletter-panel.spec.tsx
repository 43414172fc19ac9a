import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { NewsletterPanel } from './newsletter-panel';

const DELETE_URL = '/api/admin/newsletter/subscribers/ann%40mail.test';

function setup(
  deleteAnswer: () => Response,
  local?: { optIn: 'email' | 'none'; pendingConfirmation: number },
) {
  let subscribers = 3;
  const fetch = mockFetch({
    '/api/admin/newsletter/summary': () =>
      fakeResponse(
        200,
        local
          ? { subscribers, pendingSync: 0, provider: 'local', ...local }
          : {
              subscribers,
              pendingConfirmation: 0,
              pendingSync: 1,
              provider: 'mailchimp',
              optIn: 'mailchimp',
            },
      ),
    [DELETE_URL]: () => {
      subscribers -= 1;
      return deleteAnswer();
    },
  });
  renderWithProviders(
    <>
      <Toaster />
      <NewsletterPanel />
    </>,
  );
  return fetch;
}

describe('NewsletterPanel', () => {
  afterEach(() => act(() => notifications.clean()));

  it('shows the subscriber and waiting counts, and where sign-ups go', async () => {
    setup(() => fakeResponse(200, {}));
    expect(await screen.findByText('3')).toBeTruthy();
    expect(screen.getByTestId('newsletter-pending').textContent).toBe('1');
    expect(screen.getByText(/added to your Mailchimp audience with double opt-in/)).toBeTruthy();
  });

  it('says plainly that the local list is unconfirmed without SMTP (issue 25)', async () => {
    setup(() => fakeResponse(200, {}), { optIn: 'none', pendingConfirmation: 0 });
    expect((await screen.findByTestId('newsletter-opt-in')).textContent).toMatch(
      /^The list is unconfirmed: without an SMTP server, sign-ups are stored without confirmation/,
    );
  });

  it('counts the sign-ups waiting for their confirmation link apart (issue 25)', async () => {
    setup(() => fakeResponse(200, {}), { optIn: 'email', pendingConfirmation: 2 });
    expect(await screen.findByText('3')).toBeTruthy();
    expect(screen.getByTestId('newsletter-pending-confirmation').textContent).toBe('2');
    expect(screen.getByTestId('newsletter-opt-in').textContent).toMatch(/confirmation link/);
  });

  it('deletes an address only after the confirmation, then reloads the count', async () => {
    const fetch = setup(() =>
      fakeResponse(200, {
        email: 'ann@mail.test',
        mailchimp: 'deleted',
        message: 'Deleted from the local list. Deleted permanently from the Mailchimp audience',
      }),
    );
    await screen.findByText('3');
    fireEvent.change(screen.getByLabelText('Delete an address (privacy request)'), {
      target: { value: 'ann@mail.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this subscriber?' });
    expect(dialog.textContent).toContain('deleted permanently from your Mailchimp audience');
    expect(fetch.mock.calls.some(([url]) => url === DELETE_URL)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Subscriber deleted')).toBeTruthy();
    expect(fetch.mock.calls.find(([url]) => url === DELETE_URL)?.[1]?.method).toBe('DELETE');
    await waitFor(() => expect(screen.getByTestId('newsletter-subscribers').textContent).toBe('2'));
  });

  it('says why a delete failed (a 404 for an address not on the list)', async () => {
    setup(() =>
      fakeResponse(404, { statusCode: 404, message: 'ann@mail.test is not on the newsletter list' }),
    );
    await screen.findByText('3');
    fireEvent.change(screen.getByLabelText('Delete an address (privacy request)'), {
      target: { value: 'ann@mail.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this subscriber?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete failed')).toBeTruthy();
    expect(screen.getByText('404: ann@mail.test is not on the newsletter list')).toBeTruthy();
  });
});
