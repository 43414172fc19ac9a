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
    // What can be read at once is (on MySQL, each on a connection of its own).
    const [withoutShorts, found] = await Promise.all([
      this.settings.get('hideShorts'),
      this.store.match(terms),
    ]);
    const page = await this.store.ranked(found, { withoutShorts, limit, offset });
    const [listed, matched] = await Promise.all([
      this.videos.findByIds(page.videos.map((v) => v.videoId)),
      this.store.matching(this.db.manager, terms, page.videos),
    ]);
    // A video deleted between the reads is left out.
    const items = page.videos.flatMap((v) => {
      const video = listed.get(v.videoId);
      return video ? [{ video, score: v.score }] : [];
    });
    const passages = [...matched.values()].flatMap((entries) =>
      momentCandidates(entries).flatMap((entry) => (entry.cues ? [entry.cues] : [])),
    );
    const [read, image] = await Promise.all([
      this.transcripts.cueRanges(passages),
      this.images.of(
        'video',
        items.map(({ video }) => video.id),
      ),
    ]);
    const cues = new Map(passages.map((range, i) => [cueKey(range), read[i]]));
    return {
      q,
      total: page.total,
      results: items.map(({ video, score }) => ({
        video: toVideo(video, image(video.id)),
        ...searchResultOf({ video, tier: score, entries: matched.get(video.id) ?? [], cues }, terms),
      })),
    };
  }
}
