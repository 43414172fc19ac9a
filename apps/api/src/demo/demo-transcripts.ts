import { parseChapters, type TranscriptCue, type TranscriptTrackKey } from '@app/contracts';
import { buildDemoContent, DEMO_MISSING_MAXRES_VIDEO_ID, type DemoVideo } from './demo-content';

/** A transcript the demo seeds: a track of one of its videos. */
export interface DemoTranscript {
  videoId: string;
  key: TranscriptTrackKey;
  /** The uploaded file's name. */
  name: string;
  cues: TranscriptCue[];
}

/** What is said in each chapter of the demo's chapters video (`chaptersDescription`), a sentence a cue. */
const CHAPTER_LINES: ((topic: string, n: number) => string)[][] = [
  [
    (topic) => `Welcome back to the channel, today we look at ${topic}.`,
    () => 'By the end of this video you will have a small project that works.',
    () => 'Everything I type is in the repository linked in the description.',
  ],
  [
    () => 'First we create a new project and install what it needs.',
    (_, n) => `Step ${n}: open the terminal in the project folder and run the command on screen.`,
    () => 'Check the versions before you go on, it saves a lot of time later.',
  ],
  [
    (topic, n) => `Part ${n} of the build: we add the next piece of ${topic}.`,
    () => 'Run it again and look at what changed in the browser.',
    () => 'Write a small test for it now, while you still remember why it works.',
  ],
  [
    () => 'The most common mistake is forgetting to handle the empty case.',
    () => 'Remember to check the console for warnings before you ship.',
    (_, n) => `Mistake number ${n}: skipping the error message and guessing instead.`,
  ],
];

/** What is said in the video about missing thumbnails (the demo's second newest), a sentence a cue. */
const FALLBACK_LINES = [
  'Many videos on YouTube have no maxres thumbnail.',
  'When the biggest size is missing, the site steps down to the next one.',
  'First the standard size, then the high quality one.',
  'If none of them exist, it shows a placeholder in the same box.',
  'So nothing on the page moves while the images load.',
];

const SECONDS_A_CUE = 4;

/** Cues one after the other, `SECONDS_A_CUE` each, from 0 to the video's end, the text of each from `line(i, at)`. */
function cuesOver(durationSeconds: number, line: (i: number, at: number) => string): TranscriptCue[] {
  return Array.from({ length: Math.floor(durationSeconds / SECONDS_A_CUE) }, (_, i) => ({
    start: i * SECONDS_A_CUE,
    end: (i + 1) * SECONDS_A_CUE,
    text: line(i, i * SECONDS_A_CUE),
  }));
}

/**
 * The demo's transcripts, uploaded English caption files: the chapters video's follows its chapters; the second
 * newest video's explains its missing thumbnail.
 */
export function demoTranscripts(videos: readonly DemoVideo[]): DemoTranscript[] {
  const transcripts: DemoTranscript[] = [];
  const key = { source: 'upload', language: 'en', kind: 'standard' } as const;
  const chaptered = videos.find((v) => parseChapters(v.description, v.durationSeconds).length > 0);
  if (chaptered) {
    const chapters = parseChapters(chaptered.description, chaptered.durationSeconds);
    const topic = chaptered.title.split(':')[0];
    transcripts.push({
      videoId: chaptered.id,
      key,
      name: 'captions.en.vtt',
      cues: cuesOver(chaptered.durationSeconds, (i, at) => {
        const chapter = chapters.filter((c) => c.start <= at).length - 1;
        const lines = CHAPTER_LINES[chapter % CHAPTER_LINES.length];
        return lines[i % lines.length](topic, Math.floor(i / lines.length) + 1);
      }),
    });
  }
  const fallback = videos.find((v) => v.id === DEMO_MISSING_MAXRES_VIDEO_ID);
  if (fallback) {
    transcripts.push({
      videoId: fallback.id,
      key,
      name: 'thumbnails.en.srt',
      cues: cuesOver(fallback.durationSeconds, (i) => FALLBACK_LINES[i % FALLBACK_LINES.length]),
    });
  }
  return transcripts;
}

/** The videos the demo gives a transcript (their ids are the same on every install). */
export const DEMO_TRANSCRIPT_VIDEO_IDS: readonly string[] = demoTranscripts(
  buildDemoContent(new Date(0)).videos,
).map((t) => t.videoId);
