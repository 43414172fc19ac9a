import { en } from '@app/contracts/i18n/en';
import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activateMessages } from '../../../i18n/i18n';
import { loadCatalogue } from '../../../i18n/load-catalogue';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { NewsletterDialog } from './newsletter-dialog';

function setup(answer: () => Response) {
  const fetch = mockFetch({ '/api/newsletter/subscribe': answer });
  renderWithProviders(<NewsletterDialog opened onClose={() => undefined} title="Newsletter" />);
  return fetch;
}

const submit = (email: string) => {
  fireEvent.change(screen.getByLabelText(/^E-mail address/), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
};

describe('NewsletterDialog', () => {
  it('sends the address with an empty honeypot left out, and shows the answer in place of the form', async () => {
    const fetch = setup(() =>
      fakeResponse(200, { status: 'confirm', message: 'Almost done: check your inbox.' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Subscribe: Newsletter' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    submit('ann@mail.test');
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(screen.getByText('Almost done: check your inbox.')).toBeTruthy();
    expect(screen.queryByLabelText(/^E-mail address/)).toBeNull();
    const [url, init] = fetch.mock.calls[0];
    expect([url, init?.method, JSON.parse(String(init?.body))]).toEqual([
      '/api/newsletter/subscribe',
      'POST',
      { email: 'ann@mail.test' },
    ]);
  });

  it('says subscribed in its own words', async () => {
    setup(() =>
      fakeResponse(200, { status: 'subscribed', message: 'Thanks for subscribing! You are on the list.' }),
    );
    submit('ann@mail.test');
    expect(await screen.findByText('You are subscribed')).toBeTruthy();
    expect(screen.getByText('Thanks for subscribing! You are on the list.')).toBeTruthy();
  });

  it('keeps the honeypot out of sight and out of the accessibility tree, and sends it when filled', async () => {
    const fetch = setup(() => fakeResponse(200, { status: 'subscribed', message: 'Thanks!' }));
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(honeypot.tabIndex).toBe(-1);
    expect(screen.queryByRole('textbox', { name: /website/i })).toBeNull();
    fireEvent.change(honeypot, { target: { value: 'https://spam.test' } });
    submit('bot@mail.test');
    expect(await screen.findByText('You are subscribed')).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      email: 'bot@mail.test',
      website: 'https://spam.test',
    });
  });

  it('shows a 400 under the field, and Mailchimp’s refusal as it was given', async () => {
    let message = 'email: must be an e-mail address';
    setup(() => fakeResponse(400, { statusCode: 400, message, error: 'Bad Request' }));
    submit('nope');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail address/).getAttribute('aria-invalid')).toBe('true');
    message = 'email: Mailchimp refused this address (looks fake)';
    submit('x@example.com');
    expect(await screen.findByText('Mailchimp refused this address (looks fake)')).toBeTruthy();
  });

  it('says too many attempts on a 429, and that it failed on anything else', async () => {
    let status = 429;
    setup(() =>
      fakeResponse(status, {
        statusCode: status,
        message: 'Too many sign-up attempts. Try again in 5 minutes.',
      }),
    );
    submit('ann@mail.test');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attemptsToo many sign-up attempts. Try again in 5 minutes.',
    );
    status = 500;
    submit('ann@mail.test');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Sign-up failed'));
    expect(screen.getByRole('alert').textContent).toContain('please try again later');
  });

  describe('the API’s answers by their code (issue 26)', () => {
    afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

    it('says each answer in the English it always had, whatever the API’s message', async () => {
      setup(() => fakeResponse(200, { status: 'confirm', code: 'confirmLater', message: 'API words' }));
      submit('ann@mail.test');
      expect(await screen.findByText('Check your inbox')).toBeTruthy();
      expect(
        screen.getByText(
          'Thanks for subscribing! The confirmation e-mail is on its way; it may take a few minutes.',
        ),
      ).toBeTruthy();
      expect(screen.queryByText('API words')).toBeNull();
    });

    it('says the answers, the throttle and Mailchimp’s refusal in the site’s language', async () => {
      activateMessages(await loadCatalogue('es'));
      setup(() =>
        fakeResponse(200, { status: 'confirm', code: 'confirm', message: 'Almost done: check your inbox.' }),
      );
      fireEvent.change(screen.getByLabelText(/^Correo electrónico/), { target: { value: 'ann@mail.test' } });
      fireEvent.click(screen.getByRole('button', { name: 'Suscribirse' }));
      expect(await screen.findByText('Revisa tu bandeja de entrada')).toBeTruthy();
      expect(
        screen.getByText(
          'Casi listo: revisa tu bandeja de entrada y haz clic en el enlace del correo de confirmación.',
        ),
      ).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Cerrar' }).length).toBeGreaterThan(0);
    });

    it('says a 429 and a refusal in the site’s language from their codes', async () => {
      activateMessages(await loadCatalogue('ja'));
      let body: object = {
        statusCode: 429,
        message: 'Too many sign-up attempts. Try again in 5 minutes.',
        error: 'Too Many Requests',
        code: 'newsletter-throttled',
        values: { minutes: 5 },
      };
      let status = 429;
      setup(() => fakeResponse(status, body));
      fireEvent.change(screen.getByLabelText(/^メールアドレス/), { target: { value: 'ann@mail.test' } });
      fireEvent.click(screen.getByRole('button', { name: 'チャンネル登録' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        '試行回数が多すぎます登録の試行回数が多すぎます。5分後にもう一度お試しください。',
      );
      status = 400;
      body = {
        statusCode: 400,
        message: 'email: Mailchimp refused this address (looks fake)',
        error: 'Bad Request',
        code: 'newsletter-refused',
        values: { reason: 'looks fake' },
      };
      fireEvent.click(screen.getByRole('button', { name: 'チャンネル登録' }));
      expect(await screen.findByText('Mailchimpがこのアドレスを拒否しました（looks fake）')).toBeTruthy();
    });
  });
});
