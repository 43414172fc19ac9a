import { parseChapters } from '@app/contracts';
import { buildDemoContent, DEMO_MISSING_MAXRES_VIDEO_ID } from './demo-content';
import { DEMO_TRANSCRIPT_VIDEO_IDS, demoTranscripts } from './demo-transcripts';

describe('the demo’s transcripts', () => {
  const { videos } = buildDemoContent(new Date('2026-11-21T15:30:00Z'));
  const transcripts = demoTranscripts(videos);

  it('are uploaded English files for the chapters video and the second newest, the same videos on every install', () => {
    const chaptered = videos.find((v) => parseChapters(v.description, v.durationSeconds).length > 0)!;
    const upload = { source: 'upload', language: 'en', kind: 'standard' };
    expect(transcripts.map((t) => [t.videoId, t.key])).toEqual([
      [chaptered.id, upload],
      [DEMO_MISSING_MAXRES_VIDEO_ID, upload],
    ]);
    expect(DEMO_TRANSCRIPT_VIDEO_IDS).toEqual([chaptered.id, DEMO_MISSING_MAXRES_VIDEO_ID]);
  });

  it('cover each video to its end, in order, what is said following its chapters', () => {
    for (const { videoId, cues } of transcripts) {
      const video = videos.find((v) => v.id === videoId)!;
      expect(cues.length).toBeGreaterThan(10);
      expect(cues.at(-1)!.end).toBeLessThanOrEqual(video.durationSeconds);
      expect(cues.every((cue, i) => cue.end > cue.start && (i === 0 || cue.start >= cues[i - 1].end))).toBe(
        true,
      );
    }
    const [chaptered, fallback] = transcripts;
    expect(chaptered.cues[0].text).toMatch(/^Welcome back to the channel, today we look at /);
    expect(
      chaptered.cues.some(
        (cue) => cue.text === 'Remember to check the console for warnings before you ship.',
      ),
    ).toBe(true);
    expect(fallback.cues[0].text).toBe('Many videos on YouTube have no maxres thumbnail.');
  });
});
