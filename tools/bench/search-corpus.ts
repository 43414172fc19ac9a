/**
 * The search benchmark's channel, made up and deterministic: videos with titles, descriptions (some with chapters)
 * and 15-minute transcripts of about 2,000 words, from a vocabulary whose words are as frequent as words are
 * (Zipf's law: the 100 most common English words, then ~20,000 made-up words by rank), 5 % of the videos in
 * Japanese; and the queries a visitor types: common and rare words, one to three words, prefixes, Japanese,
 * words no video says.
 */

/** mulberry32: a small seeded generator, so every run builds the same channel and asks the same queries. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const COMMON = (
  'the of and to a in is it you that he was for on are with as i his they be at one have this from or had by ' +
  'word but what some we can out other were all there when up use your how said an each she which do their time ' +
  'if will way about many then them write would like so these her long make thing see him two has look more day ' +
  'could go come did number sound no most people my over know water than call first who may down side been now find'
).split(' ');
const SYLLABLES = (
  'ka ri to mo na se lu vo pe di ga ne shi ro ta mi ku be sa zo fe li an or el ur is ax em ob ip ut ' +
  'bra cle dro fra gli pla stru tre vel mon tar zen qua pix lor dun'
).split(' ');
const JAPANESE = (
  '東京 大阪 京都 天気 料理 旅行 音楽 映画 写真 動画 紅葉 桜 猫 犬 山 川 海 電車 駅 学校 先生 友達 家族 仕事 ' +
  '週末 夏休み 季節 ラーメン カメラ ゲーム コーヒー パソコン スマホ プログラミング 初心者 おすすめ 簡単 最新 人気'
).split(' ');
const PARTICLES = 'は が を に で と の も へ から まで'.split(' ');

export const VOCABULARY_SIZE = 20_000;

/** The vocabulary by rank: the common words first, then made-up ones of 2 to 4 syllables. */
export function vocabulary(): string[] {
  const next = random(7);
  const words = new Set(COMMON);
  while (words.size < VOCABULARY_SIZE) {
    const length = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** Picks a rank with probability ∝ 1/rank (Zipf, s = 1), by inverting the harmonic sums. */
function zipf(size: number): (next: () => number) => number {
  const sums = new Float64Array(size);
  let total = 0;
  for (let i = 0; i < size; i++) sums[i] = total += 1 / (i + 1);
  return (next) => {
    const target = next() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sums[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface BenchCue {
  startMs: number;
  endMs: number;
  text: string;
}

export interface BenchVideo {
  id: string;
  title: string;
  description: string;
  publishedAt: Date;
  language: 'en' | 'ja';
  cues: BenchCue[];
}

/** 15 minutes of cues, one every 3.6 s: 250 cues of 8 words (English) or a sentence (Japanese). */
const CUES = 250;
const CUE_MS = 3_600;
const WORDS_PER_CUE = 8;

export function videoId(i: number): string {
  return `bench${String(i).padStart(6, '0')}`;
}

/** The channel's videos, newest first over about ten years. */
export function* videos(count: number, words = vocabulary()): Generator<BenchVideo> {
  const pick = zipf(words.length);
  const next = random(42);
  const word = () => words[pick(next)];
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  const japanese = () =>
    Array.from(
      { length: 3 + Math.floor(next() * 3) },
      () => JAPANESE[Math.floor(next() * JAPANESE.length)] + PARTICLES[Math.floor(next() * PARTICLES.length)],
    ).join('');
  const now = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    const language = next() < 0.05 ? 'ja' : 'en';
    const line = language === 'ja' ? japanese : () => sentence(WORDS_PER_CUE);
    const chapters =
      next() < 0.3
        ? `\n\n0:00 ${sentence(2)}\n3:00 ${sentence(3)}\n7:30 ${sentence(2)}\n12:00 ${sentence(3)}`
        : '';
    yield {
      id: videoId(i),
      title: language === 'ja' ? japanese() : sentence(4 + Math.floor(next() * 5)),
      description: `${sentence(20)}. ${sentence(15)}.${chapters}`,
      publishedAt: new Date(now - Math.round((i / count) * 3650 * 86_400_000)),
      language,
      cues: Array.from({ length: CUES }, (_, c) => ({
        startMs: c * CUE_MS,
        endMs: (c + 1) * CUE_MS,
        text: line(),
      })),
    };
  }
}

export type QueryKind =
  'common word' | 'rare word' | 'two words' | 'three words' | 'prefix' | 'japanese' | 'no match';

export interface BenchQuery {
  kind: QueryKind;
  q: string;
}

/** `perKind` queries of each kind, all different (each is asked once: no answer comes from a cache). */
export function queries(perKind: number, words = vocabulary()): BenchQuery[] {
  const next = random(99);
  const pick = zipf(words.length);
  const asked = new Set<string>();
  const out: BenchQuery[] = [];
  const make: Record<QueryKind, () => string> = {
    'common word': () => words[Math.floor(next() * 60)],
    'rare word': () => words[2_000 + Math.floor(next() * (words.length - 2_000))],
    'two words': () => `${words[pick(next)]} ${words[pick(next)]}`,
    'three words': () => `${words[pick(next)]} ${words[pick(next)]} ${words[pick(next)]}`,
    // As typed: the start of a word, alone or after a whole one.
    prefix: () => {
      const w = words[100 + pick(next)];
      const start = w.slice(0, 2 + Math.floor(next() * 3));
      return next() < 0.5 ? start : `${words[pick(next)]} ${start}`;
    },
    japanese: () =>
      Array.from(
        { length: 1 + Math.floor(next() * 2) },
        () => JAPANESE[Math.floor(next() * JAPANESE.length)],
      ).join(' '),
    'no match': () => `zq${Math.floor(next() * 1e9).toString(36)}`,
  };
  for (const kind of Object.keys(make) as QueryKind[]) {
    for (let n = 0, tries = 0; n < perKind && tries < perKind * 20; tries++) {
      const q = make[kind]();
      if (asked.has(q)) continue;
      asked.add(q);
      out.push({ kind, q });
      n++;
    }
  }
  return out;
}
