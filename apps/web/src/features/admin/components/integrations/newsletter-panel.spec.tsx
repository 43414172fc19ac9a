import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { NewsletterPanel } from './newsletter-panel';

const DELETE_URL = '/api/admin/newsletter/subscribers/ann%40mail.test';

function setup(deleteAnswer: () => Response) {
  let subscribers = 3;
  const fetch = mockFetch({
    '/api/admin/newsletter/summary': () =>
      fakeResponse(200, { subscribers, pendingSync: 1, provider: 'mailchimp' }),
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
