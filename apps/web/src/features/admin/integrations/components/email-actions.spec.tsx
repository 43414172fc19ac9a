import type { EmailSendTestResult, WeeklySummaryStatus } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { EmailActions } from './email-actions';

const status: WeeklySummaryStatus = {
  enabled: true,
  nextAt: '2026-11-30T08:00:00.000Z',
  lastRun: {
    week: '2026-W48',
    from: '2026-11-16T08:00:00.000Z',
    to: '2026-11-23T08:00:00.000Z',
    startedAt: '2026-11-23T08:01:00.000Z',
    finishedAt: '2026-11-23T08:01:02.000Z',
    outcome: 'failed',
    recipient: 'owner@example.com',
    videos: 2,
    attempts: 3,
    status: 451,
    error: '451 Local error in processing',
  },
};

function routes(answer: EmailSendTestResult) {
  return mockFetch({
    '/api/admin/weekly-summary': () => fakeResponse(200, status),
    '/api/integrations/email/send-test': () => fakeResponse(200, answer),
  });
}

describe('the e-mail card’s actions', () => {
  afterEach(() => act(() => notifications.clean()));

  it('shows when the weekly summary goes out and how the last one went', async () => {
    routes({ ok: true, to: '', message: '', status: 250 });
    const { rerender } = renderWithProviders(<EmailActions weeklySummary />);
    const line = await screen.findByTestId('weekly-summary-status');
    expect(line).toHaveTextContent(
      'The weekly summary goes out on Mondays at 08:00 UTC; next: Nov 30, 2026, 8:00 AM UTC.',
    );
    expect(line).toHaveTextContent(
      'Last summary (2026-W48): failed on Nov 23, 2026, 8:01 AM UTC: 451 Local error in processing (3 tries)',
    );
    // Its switch, as just saved, decides (the summary's status is not reloaded on each setting).
    rerender(<EmailActions weeklySummary={false} />);
    expect(screen.getByTestId('weekly-summary-status')).toHaveTextContent(
      'The weekly summary goes out on Mondays at 08:00 UTC when switched on.',
    );
  });

  it('sends a real test e-mail and shows what the server said', async () => {
    const fetch = routes({
      ok: true,
      to: 'owner@example.com',
      message:
        'The SMTP server smtp.example.com:587 (STARTTLS) accepted the message for owner@example.com: 250 OK',
      status: 250,
    });
    renderWithProviders(
      <>
        <EmailActions weeklySummary />
        <Toaster />
      </>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send a test e-mail' })));
    expect(await screen.findByText('Test e-mail sent')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The SMTP server smtp.example.com:587 (STARTTLS) accepted the message for owner@example.com: 250 OK',
      ),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/integrations/email/send-test',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows a refusal as a failure, never as sent', async () => {
    routes({
      ok: false,
      to: 'owner@example.com',
      message: 'The SMTP server said 550 No such user',
      status: 550,
    });
    renderWithProviders(
      <>
        <EmailActions weeklySummary />
        <Toaster />
      </>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send a test e-mail' })));
    expect(await screen.findByText('Test e-mail failed')).toBeInTheDocument();
    expect(screen.getByText('The SMTP server said 550 No such user')).toBeInTheDocument();
    expect(screen.queryByText('Test e-mail sent')).not.toBeInTheDocument();
  });
});
