import { newestRead, round } from './report-frame';
import { SNAPSHOT, type YoutubeSnapshotEntity } from './youtube-snapshot.entity';

/** A video's or the channel's top countries kept by the reader. */
export const TOP_COUNTRIES = 10;

/** Snapshot rows read back as figures, each with when it was read (`fallback` when no row is). */
export function snapshotFigures(rows: YoutubeSnapshotEntity[], fallback: Date) {
  const of = (kind: string) => rows.filter((row) => row.kind === kind);
  const readAt = (kind: string) =>
    newestRead(
      of(kind).map((row) => row.fetchedAt),
      fallback,
    );
  return {
    topCountries: {
      value: of(SNAPSHOT.country)
        .map((row) => ({ country: row.key, views: row.value }))
        .sort((a, b) => b.views - a.views)
        .slice(0, TOP_COUNTRIES),
      readAt: readAt(SNAPSHOT.country),
    },
    ageGender: { value: ageGenderOf(of(SNAPSHOT.ageGender)), readAt: readAt(SNAPSHOT.ageGender) },
    retention: {
      value: of(SNAPSHOT.retention)
        .map((row) => ({ elapsed: Number(row.key), watchRatio: round(row.value, 4) }))
        .sort((a, b) => a.elapsed - b.elapsed),
      readAt: readAt(SNAPSHOT.retention),
    },
  };
}

/** `age25-34|female` rows as viewer percentages. */
export function ageGenderOf(rows: YoutubeSnapshotEntity[]) {
  return rows.map((row) => {
    const [ageGroup, gender] = row.key.split('|');
    return { ageGroup, gender, viewerPercentage: round(row.value, 1) };
  });
}
