import type { TranscriptTrack } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, type FetchRoutes, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { TranscriptsModal } from './transcripts-modal';

const VIDEO = { id: 'vid00000001', title: 'Building a shelf' };
const LIST = '/api/admin/videos/vid00000001/transcripts';
const VTT = 'WEBVTT\n\n00:01.000 --> 00:02.000\nHello';

const track = (extra: Partial<TranscriptTrack> = {}): TranscriptTrack => ({
  source: 'upload',
  language: 'ja',
  kind: 'standard',
  name: 'shelf.ja.vtt',
  cueCount: 12,
  storedAt: '2026-03-01T10:30:00.000Z',
  ...extra,
});

/** Serves the site language, the video's tracks and `routes`; returns the fetch mock. */
function serve(tracks: TranscriptTrack[], routes: FetchRoutes = {}) {
  return mockFetch({
    '/api/admin/settings': () => fakeResponse(200, { siteLanguage: 'ja' }),
    [LIST]: () => fakeResponse(200, { tracks }),
    ...routes,
  });
}

function renderModal() {
  return renderWithProviders(
    <>
      <Toaster />
      <TranscriptsModal video={VIDEO} opened onClose={() => undefined} />
    </>,
  );
}

/** Chooses a file in the modal's file input and presses Upload. */
async function uploadFile(name: string, text: string) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File([text], name, { type: 'text/vtt' }));
  fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
}

const puts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

describe('the Transcripts modal', () => {
  afterEach(() => act(() => notifications.clean()));

  it('lists the video’s tracks: language, source, kind, cues and when they were stored', async () => {
    serve([track(), track({ source: 'youtube', language: 'en', kind: 'asr', cueCount: 340 })]);
    renderModal();
    const rows = await screen.findAllByTestId('transcript-track');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Japanese · ja', 'Upload', 'Written', '12', '2026-03-01', ''],
      ['English · en', 'YouTube', 'Automatic', '340', '2026-03-01', ''],
    ]);
  });

  it('uploads a file in the site language by default, toasts, and reloads the list', async () => {
    const fetch = serve([], {
      [`${LIST}/ja`]: () => fakeResponse(200, track({ cueCount: 1 })),
    });
    renderModal();
    expect(await screen.findByTestId('transcripts-empty')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('Japanese · ja'),
    );
    await uploadFile('shelf.ja.vtt', VTT);
    expect(await screen.findByText('Transcript uploaded')).toBeInTheDocument();
    expect(screen.getByText('1 cue in Japanese · ja')).toBeInTheDocument();
    expect(puts(fetch)).toEqual([[`${LIST}/ja`, { text: VTT, name: 'shelf.ja.vtt' }]]);
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === LIST)).toHaveLength(2));
  });

  it('shows the line the API refused the file for', async () => {
    serve([], {
      [`${LIST}/ja`]: () =>
        fakeResponse(400, {
          statusCode: 400,
          message: 'text: line 6: "00:00:03,000 -> 00:00:04,000" is not a cue timing',
          error: 'Bad Request',
        }),
    });
    renderModal();
    await screen.findByTestId('transcripts-empty');
    await uploadFile('broken.srt', '1\n00:00:03,000 -> 00:00:04,000\nbroken');
    expect(await screen.findByText('File refused')).toBeInTheDocument();
    expect(
      screen.getByText('line 6: "00:00:03,000 -> 00:00:04,000" is not a cue timing'),
    ).toBeInTheDocument();
  });

  it('deletes a track', async () => {
    const fetch = serve([track()], {
      [`${LIST}/upload/ja/standard`]: () => fakeResponse(200, track()),
    });
    renderModal();
    const [row] = await screen.findAllByTestId('transcript-track');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Delete transcript: Japanese · ja Upload Written' }),
    );
    expect(await screen.findByText('Transcript deleted')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url)).toEqual([
      `${LIST}/upload/ja/standard`,
    ]);
  });
});
