import type { VideoKind } from '@app/contracts';
import type { Repository } from 'typeorm';
import type { VideoMatch } from '../search/search-matcher';
import type { VideoEntity } from './video.entity';

/** An ORDER BY, as column (or expression) and direction. */
export type VideoOrder = readonly (readonly [string, 'ASC' | 'DESC'])[];

/**
 * A page of the videos a search matches (`VideoMatch`), in `order`: first their ids alone (a search may match every
 * video: sorting ids is cheap, sorting whole rows with their descriptions is not), then those rows; the count apart,
 * and only when the page does not tell it.
 */
export async function matchedVideos(
  videos: Repository<VideoEntity>,
  match: VideoMatch,
  options: { order: VideoOrder; kind?: VideoKind[]; limit?: number; offset: number },
): Promise<{ items: VideoEntity[]; total: number }> {
  const joined = () => {
    const query = videos
      .createQueryBuilder('video')
      .innerJoin(`(${match.sql})`, 'found', 'found.videoId = video.id')
      .setParameters(match.params);
    if (options.kind) query.andWhere('video.kind IN (:...kinds)', { kinds: options.kind });
    return query;
  };
  const page = joined().select('video.id', 'id');
  options.order.forEach(([column, direction], i) =>
    i === 0 ? page.orderBy(column, direction) : page.addOrderBy(column, direction),
  );
  if (options.limit !== undefined) page.limit(options.limit);
  if (options.offset) page.offset(options.offset);
  const rows = await page.getRawMany<{ id: string }>();
  const complete =
    rows.length > 0 ? options.limit === undefined || rows.length < options.limit : options.offset === 0;
  // Every match when no kind is left out: counted in the index alone, without reading the videos.
  const counted = options.kind
    ? joined().select('COUNT(*)', 'n')
    : videos.manager
        .createQueryBuilder()
        .select('COUNT(*)', 'n')
        .from(`(${match.sql})`, 'found')
        .setParameters(match.params);
  const total = complete
    ? options.offset + rows.length
    : Number((await counted.getRawOne<{ n: number | string }>())?.n ?? 0);
  const byId = new Map(
    rows.length ? (await videos.findBy(rows.map((row) => ({ id: row.id })))).map((v) => [v.id, v]) : [],
  );
  return { items: rows.flatMap((row) => byId.get(row.id) ?? []), total };
}
