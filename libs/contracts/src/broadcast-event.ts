import { scriptSafeJson } from './html';
import { embedUrl, watchUrl } from './youtube';

/**
 * Structured data of a live stream (issue 17): a schema.org `VideoObject` whose `publication` is a
 * `BroadcastEvent` (https://developers.google.com/search/docs/appearance/structured-data/video#livestream).
 * Zod-free, so the public page can import it alone (`@app/contracts/broadcast-event`); watch pages (issue 15)
 * can use the same.
 */
export interface BroadcastVideo {
  id: string;
  title: string;
  description?: string | null;
  thumbnail: string | null;
  /** ISO 8601: when it started, else when it is scheduled to start. */
  startDate: string | null;
  endDate?: string | null;
}

/**
 * The `BroadcastEvent` that publishes a stream: live or scheduled (its start), or ended (its start and end, a
 * replay). Dates left out when unknown.
 */
export function broadcastEvent(dates: { startDate?: string | null; endDate?: string | null }): {
  '@type': 'BroadcastEvent';
  isLiveBroadcast: true;
  startDate?: string;
  endDate?: string;
} {
  return {
    '@type': 'BroadcastEvent',
    isLiveBroadcast: true,
    ...(dates.startDate ? { startDate: dates.startDate } : {}),
    ...(dates.endDate ? { endDate: dates.endDate } : {}),
  };
}

export function broadcastEventJsonLd(video: BroadcastVideo): Record<string, unknown> {
  const startDate = video.startDate ?? undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description: video.description || video.title,
    ...(video.thumbnail ? { thumbnailUrl: [video.thumbnail] } : {}),
    ...(startDate ? { uploadDate: startDate } : {}),
    url: watchUrl(video.id),
    embedUrl: embedUrl(video.id),
    publication: broadcastEvent({ startDate, endDate: video.endDate }),
  };
}

/** The JSON for a `<script type="application/ld+json">` (the one serializer of every JSON-LD block). */
export function jsonLdText(data: unknown): string {
  return scriptSafeJson(data);
}
