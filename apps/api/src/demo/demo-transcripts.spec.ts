import { parseChapters } from '@app/contracts';
import { buildDemoContent, DEMO_MISSING_MAXRES_VIDEO_ID } from './demo-content';
import { demoTranscripts } from './demo-transcripts';

describe('the demo’s transcripts', () => {
  const { videos } = buildDemoContent(new Date('2026-11-21T15:30:00Z'));
  const transcripts = demoTranscripts(videos);

  it('are an uploaded file for the chapters video and YouTube’s automatic captions for the second newest', () => {
    const chaptered = videos.find((v) => parseChapters(v.description, v.durationSeconds).length > 0)!;
    expect(transcripts.map((t) => [t.videoId, t.key])).toEqual([
      [chaptered.id, { source: 'upload', language: 'en', kind: 'standard' }],
      [DEMO_MISSING_MAXRES_VIDEO_ID, { source: 'youtube', language: 'en', kind: 'asr' }],
    ]);
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
    const [chaptered, asr] = transcripts;
    expect(chaptered.cues[0].text).toMatch(/^Welcome back to the channel, today we look at /);
    expect(
      chaptered.cues.some(
        (cue) => cue.text === 'Remember to check the console for warnings before you ship.',
      ),
    ).toBe(true);
    expect(asr.cues.every((cue) => cue.text === cue.text.toLowerCase() && !/[.,!?]/.test(cue.text))).toBe(
      true,
    );
  });
});
