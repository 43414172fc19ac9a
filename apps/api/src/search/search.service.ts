import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SearchResponse } from '@app/contracts';
import type { DataSource } from 'typeorm';
import { SiteImagesService } from '../images/site-images.service';
import { SettingsService } from '../settings/settings.service';
import { toVideo } from '../videos/video.mapper';
import { VideosService } from '../videos/videos.service';
import { SearchIndexStore } from './search-index.store';
import { queryTerms } from './search-query';
import { cueKey, momentCandidates, searchResultOf } from './search-result';
import { TranscriptStore } from '../transcripts/transcript-store.service';

/**
 * `GET /api/search`: the videos the visitor may see (as the public lists show them: no Shorts when the site hides
 * them) that the index matches, best first, each with its best match's snippet and its moments.
 */
@Injectable()
export class SearchService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly videos: VideosService,
    private readonly store: SearchIndexStore,
    private readonly settings: SettingsService,
    private readonly images: SiteImagesService,
    private readonly transcripts: TranscriptStore,
  ) {}

  async search(q: string, limit: number, offset: number): Promise<SearchResponse> {
    const terms = queryTerms(q);
    if (!terms.length) return { q, total: 0, results: [] };
    const page = await this.store.ranked(terms, {
      withoutShorts: await this.settings.get('hideShorts'),
      limit,
      offset,
    });
    const listed = await this.videos.findByIds(page.videos.map((v) => v.videoId));
    const scores = new Map(page.videos.map((v) => [v.videoId, v.score]));
    // A video deleted between the two reads is left out.
    const items = page.videos.flatMap((v) => listed.get(v.videoId) ?? []);
    const matched = await this.store.matching(
      this.db.manager,
      terms,
      items.map((video) => video.id),
    );
    const passages = [...matched.values()].flatMap((entries) =>
      momentCandidates(entries).flatMap((entry) => (entry.cues ? [entry.cues] : [])),
    );
    const read = await this.transcripts.cueRanges(passages);
    const cues = new Map(passages.map((range, i) => [cueKey(range), read[i]]));
    return {
      q,
      total: page.total,
      results: await this.images.with('video', items, (video, image) => ({
        video: toVideo(video, image),
        ...searchResultOf(
          { video, tier: scores.get(video.id) ?? 1, entries: matched.get(video.id) ?? [], cues },
          terms,
        ),
      })),
    };
  }
}
