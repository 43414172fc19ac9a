import { apiPaths, TRANSCRIPT_MAX_BYTES, type TranscriptTrack } from '@app/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { TranscriptStore } from '../src/transcripts/transcript-store.service';
import { type Stack, startStack } from './support/stack';

/**
 * The owner's transcript files (docs/transcripts.md): a `.vtt` or `.srt` file uploaded per video and language is
 * stored as its `upload` track, listed and deleted in the dashboard; a refused file names its line and stores nothing.
 */
const fixture = (name: string) => readFileSync(join(__dirname, '../src/transcripts/fixtures', name), 'utf8');
const ASR = fixture('youtube-asr.en.vtt');
const SRT = fixture('windows.srt');

/** An SRT file of about `bytes` bytes: 2,000 cues of long lines (each cue's text is kept to 500 characters). */
function bigSrt(bytes: number): string {
  const cues = 2000;
  const text = 'word '.repeat(Math.floor(bytes / cues / 5) - 10);
  const stamp = (s: number) =>
    `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')},000`;
  const body = Array.from(
    { length: cues },
    (_, i) => `${i + 1}\n${stamp(i)} --> ${stamp(i + 1)}\n${text}\n`,
  ).join('\n');
  return body + 'x'.repeat(Math.max(0, bytes - Buffer.byteLength(body)));
}

describe('transcript uploads', () => {
  let s: Stack;
  let videoId: string;
  let title: string;
  const tracks = async (id = videoId) =>
    (await s.admin.get(apiPaths.videoTranscripts(id)).expect(200)).body.tracks as TranscriptTrack[];
  const upload = (language: string, text: string, name?: string, id = videoId) =>
    s.admin.put(apiPaths.videoTranscriptUpload(id, language)).send({ text, name });
  const contentVersion = async () =>
    (await request(s.t.server).get(apiPaths.settings).expect(200)).headers['x-content-version'];

  beforeAll(async () => {
    s = await startStack();
    const [video] = (await request(s.t.server).get('/api/videos?limit=1').expect(200)).body;
    ({ id: videoId, title } = video);
  });
  afterAll(() => s.close());
  beforeEach(() => s.t.app.get(TranscriptStore).remove(videoId));

  it('stores an uploaded YouTube ASR file as plain consecutive cues, and lists it', async () => {
    expect(await tracks()).toEqual([]);
    const before = await contentVersion();
    const track = (await upload('en', ASR, 'shelf.en.vtt').expect(200)).body;
    expect(track).toEqual({
      source: 'upload',
      language: 'en',
      kind: 'standard',
      name: 'shelf.en.vtt',
      cueCount: 4,
      storedAt: expect.any(String),
    });
    expect(await tracks()).toEqual([track]);
    const shown = await s.t.app.get(TranscriptStore).preferred(videoId, 'en');
    expect(shown?.cues.map((cue) => cue.text)).toEqual([
      "so today we're building a shelf",
      'from one board of pine',
      'R&D tip measure twice',
      '[Music]',
    ]);
    // The watch page shows transcripts: the public caches start again.
    expect(await contentVersion()).not.toBe(before);
  });

  it('replaces the track of the same language, keeps other languages, and writes canonical tags', async () => {
    await upload('en', ASR).expect(200);
    await upload('EN', SRT, 'windows.srt').expect(200);
    await upload('pt-br', SRT).expect(200);
    expect((await tracks()).map(({ language, cueCount, name }) => ({ language, cueCount, name }))).toEqual([
      { language: 'en', cueCount: 3, name: 'windows.srt' },
      { language: 'pt-BR', cueCount: 3, name: null },
    ]);
  });

  it('refuses a bad file with its line, and keeps the track it had', async () => {
    await upload('en', SRT).expect(200);
    const bad = '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 -> 00:00:04,000\nbroken';
    const res = await upload('en', bad).expect(400);
    expect(res.body.message).toBe(
      'text: line 6: "00:00:03,000 -> 00:00:04,000" is not a cue timing: write it as 00:01:02,500 --> 00:01:04,000',
    );
    expect((await tracks()).map((t) => t.cueCount)).toEqual([3]);
    expect((await upload('ja', 'WEBVTT\n\nNOTE nothing else').expect(400)).body.message).toBe(
      'text: the file has no cue with text',
    );
    expect(await tracks()).toHaveLength(1);
  });

  it('takes a 5 MB file and refuses a larger one with 413', async () => {
    const largest = bigSrt(TRANSCRIPT_MAX_BYTES);
    expect(Buffer.byteLength(largest)).toBe(TRANSCRIPT_MAX_BYTES);
    const track = (await upload('en', largest).expect(200)).body;
    expect(track.cueCount).toBe(2000);
    const res = await upload('en', `${largest}x`).expect(413);
    expect(res.body.message).toBe('text: the file is larger than 5 MB');
  }, 30_000);

  it('answers 400 naming the field for a bad language, body, source or kind', async () => {
    for (const language of ['english', 'en_US', 'x'.repeat(40)])
      expect((await upload(language, SRT).expect(400)).body.message).toMatch(/^language: is not a BCP 47/);
    expect(
      (await s.admin.put(apiPaths.videoTranscriptUpload(videoId, 'en')).send({}).expect(400)).body.message,
    ).toMatch(/^text: /);
    expect((await upload('en', '').expect(400)).body.message).toBe('text: is empty');
    const del = (source: string, kind: string) =>
      s.admin.delete(apiPaths.videoTranscript(videoId, source, 'en', kind)).expect(400);
    expect((await del('vimeo', 'standard')).body.message).toMatch(/^source: /);
    expect((await del('upload', 'forced')).body.message).toMatch(/^kind: /);
    expect(await tracks()).toEqual([]);
  });

  it('answers 404 for a video the site does not have', async () => {
    await s.admin.get(apiPaths.videoTranscripts('no-such-video')).expect(404);
    await upload('en', SRT, undefined, 'no-such-video').expect(404);
    await s.admin.delete(apiPaths.videoTranscript('no-such-video', 'upload', 'en', 'standard')).expect(404);
  });

  it('deletes one track, then answers 404 for it, and audits uploads and deletions', async () => {
    await upload('en', SRT, 'windows.srt').expect(200);
    await upload('ja', fixture('japanese.ja.vtt')).expect(200);
    const removed = (
      await s.admin.delete(apiPaths.videoTranscript(videoId, 'upload', 'EN', 'standard')).expect(200)
    ).body;
    expect(removed).toMatchObject({ source: 'upload', language: 'en', kind: 'standard', cueCount: 3 });
    expect((await tracks()).map((t) => t.language)).toEqual(['ja']);
    await s.admin.delete(apiPaths.videoTranscript(videoId, 'upload', 'en', 'standard')).expect(404);

    const audit = async (action: string) =>
      (await s.admin.get(`${apiPaths.audit}?action=${action}`).expect(200)).body.events[0];
    expect(await audit('transcript-uploaded')).toMatchObject({
      actor: 'admin',
      detail: `${title}: ja, 2 cues`,
    });
    expect(await audit('transcript-deleted')).toMatchObject({
      actor: 'admin',
      detail: `${title}: upload en standard`,
    });
  });
});
