import { IMAGES_PATH, type SiteImage } from '@app/contracts';
import type { ImageEntity } from './image.entity';

/** A row as public answers carry it: a ready image's files, or null (the page shows its placeholder). */
export function toSiteImage(row: ImageEntity | undefined): SiteImage | null {
  if (!row || row.status !== 'ready' || !row.hash || !row.width || !row.height || !row.widths || !row.color) {
    return null;
  }
  return {
    path: `${IMAGES_PATH}/${row.hash}`,
    width: row.width,
    height: row.height,
    widths: row.widths.split(',').map(Number),
    color: row.color,
  };
}
