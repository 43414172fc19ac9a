/**
 * `npx tsx tools/bench/caption-parsers.ts`: the subtitle parsers the site could use, on the files it meets. Installs
 * the candidates into a temporary folder (npm), then prints a Markdown table: what each gets right (a YouTube ASR
 * track, a written WebVTT file, SRT from a Windows editor, a bad line named) and its median time on a 15-minute
 * and a 3-hour ASR track, a 3-hour SRT file and a 12-hour (5 MB) ASR track, then how long the site's parse of the
 * largest holds the event loop. docs/transcripts.md keeps the result.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The site's own parser, measured beside the packages (a bench reads the API's source as tsx runs it; nothing ships).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { parseCaptionFile } from '../../apps/api/src/transcripts/caption-file';
import { asrVtt, srt } from './caption-files';

const VERSIONS = {
  'media-captions': '1.0.4',
  'webvtt-parser': '2.2.0',
  subtitle: '4.2.2',
  '@plussub/srt-vtt-parser': '2.0.5',
};
interface Cue {
  start: number;
  end: number;
  text: string;
}
/** A parse: cues in seconds, and the line of the first error when the parser names one. */
type Parse = (text: string, format: 'vtt' | 'srt') => Promise<{ cues: Cue[]; errorLine?: number }>;

const dir = join(tmpdir(), 'caption-parser-bench');
if (!existsSync(join(dir, 'node_modules', 'subtitle'))) {
  mkdirSync(dir, { recursive: true });
  const specs = Object.entries(VERSIONS).map(([name, version]) => `${name}@${version}`);
  execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', ...specs], {
    stdio: 'inherit',
  });
}
const load = createRequire(join(dir, 'package.json'));
const esm = (name: string) => import(load.resolve(name));

function lineStream(text: string): ReadableStream<string> {
  const lines = text.split(/\r\n|\r|\n/);
  let next = 0;
  const pull = (c: ReadableStreamDefaultController<string>) =>
    next < lines.length ? c.enqueue(lines[next++]) : c.close();
  return new ReadableStream<string>({ pull }, { highWaterMark: 0 });
}

async function parsers(): Promise<Record<string, Parse>> {
  const mc = await esm('media-captions');
  const plussub = await esm('@plussub/srt-vtt-parser');
  const { WebVTTParser } = load('webvtt-parser');
  const subtitle = load('subtitle');
  const mediaCaptions =
    (pulled: boolean): Parse =>
    async (text, type) => {
      const input = text.replace(/^\ufeff/, '');
      const options = { type, errors: true };
      const r = await (pulled
        ? mc.parseTextStream(lineStream(input), options)
        : mc.parseText(input, options));
      const cues = r.cues.map((c: { startTime: number; endTime: number; text: string }) => ({
        start: c.startTime,
        end: c.endTime,
        text: c.text,
      }));
      return { cues, errorLine: r.errors[0]?.line };
    };
  return {
    'the site: parseCaptionFile (scan, media-captions pulled, plain text)': async (text, format) => {
      try {
        const { cues } = await parseCaptionFile(text, { format, asr: false });
        return { cues };
      } catch (error) {
        return { cues: [], errorLine: (error as { line?: number }).line };
      }
    },
    'media-captions 1.0.4, lines pulled one by one': mediaCaptions(true),
    'media-captions 1.0.4, its parseText': mediaCaptions(false),
    'webvtt-parser 2.2.0': async (text) => {
      const tree = new WebVTTParser().parse(text);
      // YouTube's `Kind:`/`Language:` header lines are errors to it (its spec draft had no header text).
      const errors = tree.errors.filter(
        (e: { message: string }) => !e.message.startsWith('No blank line after'),
      );
      const cues = tree.cues.map((c: { startTime: number; endTime: number; text: string }) => ({
        start: c.startTime,
        end: c.endTime,
        text: c.text,
      }));
      return { cues, errorLine: errors[0]?.line };
    },
    'subtitle 4.2.2': async (text) => ({
      cues: subtitle
        .parseSync(text)
        .filter((n: { type: string }) => n.type === 'cue')
        .map((n: { data: Cue }) => ({
          start: n.data.start / 1000,
          end: n.data.end / 1000,
          text: n.data.text,
        })),
    }),
    '@plussub/srt-vtt-parser 2.0.5': async (text) => ({
      cues: plussub.parse(text).entries.map((e: { from: number; to: number; text: string }) => ({
        start: e.from / 1000,
        end: e.to / 1000,
        text: e.text,
      })),
    }),
  };
}

const STANDARD =
  'WEBVTT\n\nSTYLE\n::cue { color: yellow }\n\nNOTE a comment\n\nintro\n00:01.000 --> 00:04.250 line:90%\n' +
  '<v Ana>Hello &amp; welcome</v>\n\n00:00:05.000 --> 00:00:06.000\n日本語\n';
const WINDOWS_SRT =
  '\ufeff1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nTwo\r\n';
const BAD = {
  vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:0x.000 --> 00:00:04.000\nbad\n',
  srt: '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05,000 --> 00:00:04,000\nends before it starts\n',
};

/** What a parser gets right, each a yes/no (an exception is a no). */
async function checks(parse: Parse): Promise<Record<string, boolean>> {
  const attempt = async (f: () => Promise<boolean>) => f().catch(() => false);
  return {
    'ASR track (times, settings)': await attempt(async () => {
      const { cues } = await parse(asrVtt(1), 'vtt');
      return cues.length === 40 && cues[1].start === 2.99 && cues[1].end === 3;
    }),
    'WebVTT: STYLE, NOTE, ids, mm:ss': await attempt(async () => {
      const { cues } = await parse(STANDARD, 'vtt');
      return cues.length === 2 && cues[0].end === 4.25 && cues[1].text === '日本語';
    }),
    'SRT: BOM, CRLF, comma': await attempt(async () => {
      const { cues } = await parse(WINDOWS_SRT, 'srt');
      return cues.length === 2 && cues[0].end === 2.5 && !/\r/.test(cues.map((c) => c.text).join());
    }),
    'names a bad timestamp line': await attempt(async () => (await parse(BAD.vtt, 'vtt')).errorLine === 6),
    'names an end before start': await attempt(async () => (await parse(BAD.srt, 'srt')).errorLine === 6),
  };
}

async function median(parse: Parse, text: string, format: 'vtt' | 'srt', runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await parse(text, format);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

async function main(): Promise<void> {
  const files = [
    { label: '15-min ASR', text: asrVtt(15), format: 'vtt' as const },
    { label: '3-h ASR', text: asrVtt(180), format: 'vtt' as const },
    { label: '3-h SRT', text: srt(180), format: 'srt' as const },
    { label: '12-h ASR', text: asrVtt(720), format: 'vtt' as const },
  ];
  const all = await parsers();
  const rows: string[] = [];
  for (const [name, parse] of Object.entries(all)) {
    const ok = await checks(parse);
    const times: string[] = [];
    for (const file of files) {
      const ms = await median(parse, file.text, file.format, file.label.startsWith('12') ? 3 : 5).catch(
        () => NaN,
      );
      times.push(Number.isNaN(ms) ? 'fails' : `${Math.round(ms)} ms`);
    }
    if (rows.length === 0)
      rows.push(
        `| parser | ${Object.keys(ok).join(' | ')} | ${files.map((f) => `${f.label} (${Math.round(f.text.length / 1024)} KB)`).join(' | ')} |`,
        `|${' --- |'.repeat(1 + Object.keys(ok).length + files.length)}`,
      );
    rows.push(
      `| ${name} | ${Object.values(ok)
        .map((v) => (v ? 'yes' : 'no'))
        .join(' | ')} | ${times.join(' | ')} |`,
    );
  }
  console.log(rows.join('\n'));
  // How long the site's parse holds the event loop (other requests wait that long), on the largest file.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await parseCaptionFile(files[3].text);
  delay.disable();
  console.log(
    `\nparseCaptionFile, ${files[3].label}: longest event-loop stall ${Math.round(delay.max / 1e6)} ms`,
  );
}

void main();
