import {
  preferredTrack,
  type TranscriptCue,
  type TranscriptTrack,
  type TranscriptTrackKey,
  type VideoTranscript,
} from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { chunks, insertChunked } from '../database/bulk-writes';
import { TranscriptCueEntity } from './transcript-cue.entity';
import { VideoTranscriptEntity } from './video-transcript.entity';

/** What a track's writer knows of it besides its key (YouTube's id and `lastUpdated`, a name). */
export interface TrackFacts {
  name?: string | null;
  youtubeTrackId?: string | null;
  trackUpdatedAt?: Date | null;
}

/** Of a video's tracks, the ones the site search indexes: the best of each language (see `preferredTrack`). */
function searchedTracks(rows: VideoTranscriptEntity[]): VideoTranscriptEntity[] {
  const byLanguage = new Map<string, VideoTranscriptEntity[]>();
  for (const row of rows) {
    const language = row.language.toLowerCase().split('-')[0];
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), row]);
  }
  return [...byLanguage].map(([language, tracks]) => preferredTrack(tracks, language)!);
}

const toCue = (cue: TranscriptCueEntity): TranscriptCue => ({
  start: cue.startMs / 1000,
  end: cue.endMs / 1000,
  text: cue.text,
});

const toTrack = (row: VideoTranscriptEntity): TranscriptTrack => ({
  source: row.source,
  language: row.language,
  kind: row.kind,
  name: row.name,
  cueCount: row.cueCount,
  storedAt: row.storedAt.toISOString(),
});

/** The transcript tables (`video_transcript`, `transcript_cue`): every read and write of them goes through here. */
@Injectable()
export class TranscriptStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Replaces a video's track (its cues and facts) in one transaction; adds it when it is new. */
  async replace(
    videoId: string,
    key: TranscriptTrackKey,
    cues: TranscriptCue[],
    facts: TrackFacts = {},
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      const tracks = manager.getRepository(VideoTranscriptEntity);
      const existing = await tracks.findOneBy({ videoId, ...key });
      if (existing) await manager.delete(TranscriptCueEntity, { transcriptId: existing.id });
      const row = await tracks.save({
        ...(existing ?? {}),
        videoId,
        ...key,
        name: facts.name ?? null,
        youtubeTrackId: facts.youtubeTrackId ?? null,
        trackUpdatedAt: facts.trackUpdatedAt ?? null,
        cueCount: cues.length,
        storedAt: new Date(),
      });
      await insertChunked(
        manager,
        TranscriptCueEntity,
        cues.map((cue, position) =>
          Object.assign(new TranscriptCueEntity(), {
            transcriptId: row.id,
            position,
            startMs: Math.round(cue.start * 1000),
            endMs: Math.round(cue.end * 1000),
            text: cue.text,
          }),
        ),
      );
    });
  }

  /** Removes a video's tracks: one (`key`), or every track of a source, or all of them. */
  async remove(videoId: string, key?: Partial<TranscriptTrackKey>): Promise<number> {
    return this.db.transaction(async (manager) => {
      const rows = await manager.findBy(VideoTranscriptEntity, { videoId, ...(key ?? {}) });
      if (rows.length === 0) return 0;
      await manager.delete(TranscriptCueEntity, { transcriptId: In(rows.map((r) => r.id)) });
      await manager.delete(VideoTranscriptEntity, { id: In(rows.map((r) => r.id)) });
      return rows.length;
    });
  }

  /** A video's tracks, without cues. */
  async tracks(videoId: string): Promise<TranscriptTrack[]> {
    const rows = await this.db.getRepository(VideoTranscriptEntity).find({
      where: { videoId },
      order: { source: 'ASC', language: 'ASC', kind: 'ASC' },
    });
    return rows.map(toTrack);
  }

  /** The YouTube tracks stored for some videos, with the facts a sync compares (id, `lastUpdated`). */
  async youtubeTracks(
    videoIds: string[],
  ): Promise<(TranscriptTrackKey & TrackFacts & { videoId: string })[]> {
    if (videoIds.length === 0) return [];
    const rows = await this.db
      .getRepository(VideoTranscriptEntity)
      .findBy({ videoId: In(videoIds), source: 'youtube' });
    return rows.map(({ videoId, source, language, kind, name, youtubeTrackId, trackUpdatedAt }) => ({
      videoId,
      source,
      language,
      kind,
      name,
      youtubeTrackId,
      trackUpdatedAt,
    }));
  }

  /** The transcript a visitor of a video is shown (see `preferredTrack`), or null when it has none. */
  async preferred(videoId: string, siteLanguage: string): Promise<VideoTranscript | null> {
    const rows = await this.db.getRepository(VideoTranscriptEntity).findBy({ videoId });
    const track = preferredTrack(rows, siteLanguage);
    if (!track) return null;
    const cues = await this.db.getRepository(TranscriptCueEntity).find({
      where: { transcriptId: track.id },
      order: { position: 'ASC' },
    });
    return { source: track.source, language: track.language, kind: track.kind, cues: cues.map(toCue) };
  }

  /** The tracks the site search indexes, by video: of `videoIds`, or of every video that has one. */
  private async searchTracks(
    manager: EntityManager,
    videoIds?: string[],
  ): Promise<Map<string, VideoTranscriptEntity[]>> {
    const repo = manager.getRepository(VideoTranscriptEntity);
    const rows: VideoTranscriptEntity[] = [];
    if (!videoIds) rows.push(...(await repo.find()));
    else for (const ids of chunks(videoIds, 500)) rows.push(...(await repo.findBy({ videoId: In(ids) })));
    const byVideo = new Map<string, VideoTranscriptEntity[]>();
    for (const row of rows) byVideo.set(row.videoId, [...(byVideo.get(row.videoId) ?? []), row]);
    return new Map([...byVideo].map(([videoId, tracks]) => [videoId, searchedTracks(tracks)]));
  }

  /**
   * For the site search, through the caller's manager: a stamp of the tracks it indexes of each video (the best of
   * each language), which changes whenever one of them is stored again. Of `videoIds`, or of every video with one.
   */
  async searchStamps(manager: EntityManager, videoIds?: string[]): Promise<Map<string, string>> {
    const tracks = await this.searchTracks(manager, videoIds);
    return new Map(
      [...tracks].map(([videoId, rows]) => [
        videoId,
        rows
          .map((row) => `${row.id}:${row.cueCount}:${row.storedAt.getTime()}`)
          .sort()
          .join(' '),
      ]),
    );
  }

  /** The tracks the site search indexes (their ids and cues, in order), of each of `videoIds` that has any. */
  async searchCues(
    manager: EntityManager,
    videoIds: string[],
  ): Promise<Map<string, { track: number; cues: TranscriptCue[] }[]>> {
    const tracks = await this.searchTracks(manager, videoIds);
    const byTrack = new Map<number, TranscriptCue[]>();
    const ids = [...tracks.values()].flat().map((row) => row.id);
    for (const chunk of chunks(ids, 500)) {
      const rows = await manager.getRepository(TranscriptCueEntity).find({
        where: { transcriptId: In(chunk) },
        order: { transcriptId: 'ASC', position: 'ASC' },
      });
      for (const cue of rows) {
        const list = byTrack.get(cue.transcriptId) ?? [];
        list.push(toCue(cue));
        byTrack.set(cue.transcriptId, list);
      }
    }
    return new Map(
      [...tracks].map(([videoId, rows]) => [
        videoId,
        rows.map((row) => ({ track: row.id, cues: byTrack.get(row.id) ?? [] })),
      ]),
    );
  }

  /** The cues of each of these ranges of a track's positions (the passages a page of search results shows). */
  async cueRanges(ranges: { track: number; first: number; last: number }[]): Promise<TranscriptCue[][]> {
    const out: TranscriptCue[][] = [];
    for (const chunk of chunks(ranges, 100)) {
      // No ORDER BY: SQLite would rather scan the index in order than read the ranges (sorted here instead).
      const rows: { transcriptId: number; position: number; startMs: number; endMs: number; text: string }[] =
        await this.db.query(
          'SELECT transcriptId, position, startMs, endMs, text FROM transcript_cue WHERE ' +
            chunk.map(() => '(transcriptId = ? AND position BETWEEN ? AND ?)').join(' OR '),
          chunk.flatMap(({ track, first, last }) => [track, first, last]),
        );
      rows.sort((a, b) => a.transcriptId - b.transcriptId || a.position - b.position);
      for (const { track, first, last } of chunk) {
        out.push(
          rows
            .filter((r) => r.transcriptId === track && r.position >= first && r.position <= last)
            .map((r) => ({ start: r.startMs / 1000, end: r.endMs / 1000, text: r.text })),
        );
      }
    }
    return out;
  }
}
