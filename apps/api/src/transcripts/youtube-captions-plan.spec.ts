import {
  type CaptionSkip,
  type ListedTrack,
  planVideo,
  quotaDay,
  roundQueue,
  type StoredTrack,
} from './youtube-captions-plan';

const track = (over: Partial<ListedTrack> & Pick<ListedTrack, 'id'>): ListedTrack => ({
  language: 'en',
  trackKind: 'standard',
  name: 'English',
  isDraft: false,
  status: 'serving',
  lastUpdated: '2026-11-20T10:00:00.123Z',
  ...over,
});
const storedOf = (t: ListedTrack, kind: 'asr' | 'standard' = 'standard'): StoredTrack => ({
  language: t.language,
  kind,
  youtubeTrackId: t.id,
  trackUpdatedAt: new Date(t.lastUpdated),
});

describe('planVideo', () => {
  const asr = track({ id: 'asr-en', trackKind: 'asr', name: '' });
  const en = track({ id: 'std-en' });
  const ja = track({ id: 'std-ja', language: 'ja', name: '日本語' });

  it('downloads every new automatic and written track, in several languages', () => {
    const plan = planVideo([asr, en, ja], [], []);
    expect(plan.download.map((t) => [t.id, t.key])).toEqual([
      ['asr-en', { source: 'youtube', language: 'en', kind: 'asr' }],
      ['std-en', { source: 'youtube', language: 'en', kind: 'standard' }],
      ['std-ja', { source: 'youtube', language: 'ja', kind: 'standard' }],
    ]);
    expect(plan).toMatchObject({ remove: [], skip: [], unchanged: 0 });
  });

  it('downloads nothing when the id and lastUpdated are those stored; again when either changed', () => {
    const stored = [storedOf(asr, 'asr'), storedOf(en), storedOf(ja)];
    expect(planVideo([asr, en, ja], stored, [])).toMatchObject({ download: [], remove: [], unchanged: 3 });
    const edited = { ...en, lastUpdated: '2026-11-21T08:00:00.000Z' };
    const replaced = { ...ja, id: 'std-ja-2' };
    const plan = planVideo([asr, edited, replaced], stored, []);
    expect(plan.download.map((t) => t.id)).toEqual(['std-en', 'std-ja-2']);
    expect(plan.unchanged).toBe(1);
  });

  it('skips drafts, tracks YouTube is still processing or failed, and forced tracks, and removes a stored one gone draft', () => {
    const draft = track({ id: 'de', language: 'de', isDraft: true });
    const syncing = track({ id: 'pt', language: 'pt-BR', status: 'syncing' });
    const failed = track({ id: 'fr', language: 'fr', status: 'failed', failureReason: 'processingFailed' });
    const forced = track({ id: 'forced', trackKind: 'forced', name: 'Signs' });
    const plan = planVideo(
      [asr, draft, syncing, failed, forced],
      [storedOf(asr, 'asr'), storedOf(draft)],
      [],
    );
    expect(plan.skip.map((s) => [s.id, s.reason, s.detail])).toEqual([
      ['de', 'draft', ''],
      ['pt', 'not-serving', 'syncing'],
      ['fr', 'not-serving', 'failed: processingFailed'],
      ['forced', 'forced', 'trackKind forced'],
    ]);
    expect(plan.download).toEqual([]);
    expect(plan.remove).toEqual([{ source: 'youtube', language: 'de', kind: 'standard' }]);
  });

  it('removes stored tracks YouTube no longer lists', () => {
    const plan = planVideo([asr], [storedOf(asr, 'asr'), storedOf(en), storedOf(ja)], []);
    expect(plan.remove).toEqual([
      { source: 'youtube', language: 'en', kind: 'standard' },
      { source: 'youtube', language: 'ja', kind: 'standard' },
    ]);
  });

  it('keeps one track per language and kind: the stored one, else the newest', () => {
    const older = track({ id: 'a', lastUpdated: '2026-01-01T00:00:00.000Z', name: 'English (CC)' });
    const newer = track({ id: 'b', lastUpdated: '2026-02-01T00:00:00.000Z' });
    const fresh = planVideo([older, newer], [], []);
    expect(fresh.download.map((t) => t.id)).toEqual(['b']);
    expect(fresh.skip).toEqual([expect.objectContaining({ id: 'a', reason: 'duplicate' })]);
    const kept = planVideo([older, newer], [storedOf(older)], []);
    expect(kept).toMatchObject({ download: [], unchanged: 1, remove: [] });
    expect(kept.skip.map((s) => s.id)).toEqual(['b']);
  });

  it('does not ask again for a version YouTube refused; asks once it changed', () => {
    const refused: CaptionSkip = {
      id: en.id,
      lastUpdated: en.lastUpdated,
      language: 'en',
      name: 'English',
      reason: 'forbidden',
      detail: 'The permissions…',
    };
    const again = planVideo([en], [], [refused]);
    expect(again).toMatchObject({ download: [], skip: [refused] });
    const changed = planVideo([{ ...en, lastUpdated: '2026-12-01T00:00:00.000Z' }], [], [refused]);
    expect(changed.download.map((t) => t.id)).toEqual(['std-en']);
    // An older stored version of a refused track stays.
    expect(planVideo([en], [{ ...storedOf(en), youtubeTrackId: 'older' }], [refused]).remove).toEqual([]);
  });
});

describe('roundQueue', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
  const videos = [5, 4, 3, 2, 1].map((day) => ({ id: `v${day}`, publishedAt: at(day) }));

  it('lists every video newest first in a new round', () => {
    expect(roundQueue(videos, null, new Set()).map((q) => [q.video.id, q.inRound])).toEqual([
      ['v5', true],
      ['v4', true],
      ['v3', true],
      ['v2', true],
      ['v1', true],
    ]);
  });

  it('goes on after the cursor, a new upload first', () => {
    const upload = { id: 'v9', publishedAt: at(9) };
    const queue = roundQueue([upload, ...videos], { at: at(3), id: 'v3' }, new Set(['v5', 'v4', 'v3']));
    expect(queue.map((q) => [q.video.id, q.inRound])).toEqual([
      ['v9', false],
      ['v2', true],
      ['v1', true],
    ]);
  });

  it('orders videos of the same instant by id', () => {
    const same = [
      { id: 'a', publishedAt: at(2) },
      { id: 'b', publishedAt: at(2) },
    ];
    expect(roundQueue(same, { at: at(2), id: 'a' }, new Set(['a'])).map((q) => q.video.id)).toEqual(['b']);
  });
});

describe('quotaDay', () => {
  it('is the day in Pacific Time, when Google resets the quota', () => {
    // 07:59 UTC is still the day before in California (PST, UTC−8); 08:00 is the new quota day.
    expect(quotaDay(Date.parse('2026-11-25T07:59:00Z'))).toBe('2026-11-24');
    expect(quotaDay(Date.parse('2026-11-25T08:00:00Z'))).toBe('2026-11-25');
    // Summer time (PDT, UTC−7).
    expect(quotaDay(Date.parse('2026-07-01T06:59:00Z'))).toBe('2026-06-30');
    expect(quotaDay(Date.parse('2026-07-01T07:00:00Z'))).toBe('2026-07-01');
  });
});
