import { BadRequestException, Injectable, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import {
  canonicalLanguageTag,
  TRANSCRIPT_MAX_BYTES,
  type TranscriptTrack,
  type TranscriptTrackKey,
} from '@app/contracts';
import { VideosService } from '../videos/videos.service';
import { CaptionFileError, parseCaptionFile } from './caption-file';
import { TranscriptStore } from './transcript-store.service';

/** A track written or deleted, and its video's title (for the audit log). */
export interface Changed {
  track: TranscriptTrack;
  title: string;
}

const sameTrack = (a: TranscriptTrackKey, b: TranscriptTrackKey) =>
  a.source === b.source && a.language === b.language && a.kind === b.kind;

/**
 * The owner's transcript files (Content → a video's Transcripts): a `.vtt` or `.srt` file becomes the video's
 * `upload` track in a language, replacing the one it had; a refused file stores nothing. Tracks of any source can
 * be listed and deleted here.
 */
@Injectable()
export class TranscriptUploadsService {
  constructor(
    private readonly store: TranscriptStore,
    private readonly videos: VideosService,
  ) {}

  /** The video's title; 404 for a video the site does not have. */
  async videoTitle(videoId: string): Promise<string> {
    const title = (await this.videos.titles([videoId])).get(videoId);
    if (title === undefined) throw new NotFoundException(`Video ${videoId} not found`);
    return title;
  }

  async tracks(videoId: string): Promise<TranscriptTrack[]> {
    await this.videoTitle(videoId);
    return this.store.tracks(videoId);
  }

  /**
   * Parses the file and stores its cues as the video's upload track in `language`. 413 past TRANSCRIPT_MAX_BYTES,
   * 400 naming the wrong line (`text: line 12: …`) for a file the parser refuses.
   */
  async upload(
    videoId: string,
    language: string,
    file: { text: string; name?: string | null },
  ): Promise<Changed> {
    const title = await this.videoTitle(videoId);
    if (Buffer.byteLength(file.text, 'utf8') > TRANSCRIPT_MAX_BYTES)
      throw new PayloadTooLargeException(
        `text: the file is larger than ${TRANSCRIPT_MAX_BYTES / 1024 / 1024} MB`,
      );
    let cues;
    try {
      ({ cues } = await parseCaptionFile(file.text));
    } catch (error) {
      if (error instanceof CaptionFileError) throw new BadRequestException(`text: ${error.message}`);
      throw error;
    }
    const key: TranscriptTrackKey = { source: 'upload', language, kind: 'standard' };
    await this.store.replace(videoId, key, cues, { name: file.name || null });
    const stored = (await this.store.tracks(videoId)).find((track) => sameTrack(track, key));
    if (!stored) throw new Error(`the ${language} transcript of ${videoId} was not stored`);
    return { track: stored, title };
  }

  /**
   * Deletes one track (`key.language` canonical: a track stored under another spelling of the tag is found too);
   * 404 when the video has no such track.
   */
  async remove(videoId: string, key: TranscriptTrackKey): Promise<Changed> {
    const title = await this.videoTitle(videoId);
    const track = (await this.store.tracks(videoId)).find((t) =>
      sameTrack({ ...t, language: canonicalLanguageTag(t.language) ?? t.language }, key),
    );
    if (!track)
      throw new NotFoundException(
        `Video ${videoId} has no ${key.source} transcript in ${key.language} (${key.kind})`,
      );
    await this.store.remove(videoId, { source: track.source, language: track.language, kind: track.kind });
    return { track, title };
  }
}
