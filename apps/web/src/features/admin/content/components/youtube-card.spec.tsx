import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { youtubeAnswers as answers } from '../../../../test/sync-run';
import { YoutubeIntegrationCard } from './youtube-integration-card';

function renderCard() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/admin']}>
      <Toaster />
      <YoutubeIntegrationCard />
    </MemoryRouter>,
  );
}

const card = () => screen.getByRole('region', { name: /YouTube Integration/ });

describe('the YouTube Integration card (issue 45)', () => {
  afterEach(() => act(() => notifications.clean()));

  it.each([
    [{ channel: false, apiKey: false }, 'Not set up'],
    [{ channel: false, apiKey: true }, 'Not set up'],
    [{ channel: true, apiKey: false }, 'Feed mode'],
    [{ channel: true, apiKey: true }, 'Connected'],
  ])('its badge tells the truth: %j is %s', async (setup, label) => {
    answers(setup);
    renderCard();
    await waitFor(() => expect(within(card()).getByText(label, { exact: true })).toBeInTheDocument());
    expect(within(card()).queryByText(label === 'Connected' ? 'Not set up' : 'Connected')).toBeNull();
  });

  it('before a channel is set, Sync Now says what to do and leads to the Channel field, asking the API for no sync', async () => {
    const fetch = answers({ channel: false, apiKey: false });
    renderCard();
    const channel = await screen.findByLabelText('Channel');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText('Set up YouTube first')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Paste your channel's URL into Channel below, then Save and test. Sync Now then fetches your videos.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(channel).toHaveFocus());
    expect(fetch.mock.calls.some(([url]) => url === '/api/sync/youtube')).toBe(false);
  });

  it('a real failure keeps the SPEC’s toast title, with a description for a person (no status code)', async () => {
    answers(
      { channel: true, apiKey: true },
      {
        '/api/sync/youtube': () =>
          fakeResponse(502, {
            statusCode: 502,
            message: 'YouTube API quota exceeded (quotaExceeded): try again tomorrow',
            error: 'Bad Gateway',
          }),
      },
    );
    renderCard();
    await screen.findByText('Connected');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText('FolderSync failed')).toBeInTheDocument();
    expect(
      screen.getByText('YouTube API quota exceeded (quotaExceeded): try again tomorrow'),
    ).toBeInTheDocument();
  });
});
