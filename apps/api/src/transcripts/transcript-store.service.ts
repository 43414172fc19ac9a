import {
  preferredTrack,
  type TranscriptCue,
  type TranscriptTrack,
  type TranscriptTrackKey,
  type VideoTranscript,
} from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In } from 'typeorm';
import { insertChunked } from '../database/bulk-writes';
import { TranscriptCueEntity } from './transcript-cue.entity';
import { VideoTranscriptEntity } from './video-transcript.entity';

/** What a track's writer knows of it besides its key (YouTube's id and `lastUpdated`, a name). */
export interface TrackFacts {
  name?: string | null;
  youtubeTrackId?: string | null;
  trackUpdatedAt?: Date | null;
}

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
    return {
      source: track.source,
      language: track.language,
      kind: track.kind,
      cues: cues.map((cue) => ({ start: cue.startMs / 1000, end: cue.endMs / 1000, text: cue.text })),
    };
  }
}
