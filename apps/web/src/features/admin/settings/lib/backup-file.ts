import { retiredSettingsKeys } from '@app/contracts';

/** What a backup file holds, counted before it is sent. */
export interface BackupSummary {
  videos: number;
  playlists: number;
  settings: number;
  exportedAt: string | null;
}

export type ParsedBackup =
  { ok: true; backup: unknown; summary: BackupSummary } | { ok: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a backup file's text. Only the outline is checked here (JSON, an object with the lists); the
 * API validates every field and names the first bad one.
 */
export function parseBackupFile(text: string): ParsedBackup {
  let backup: unknown;
  try {
    backup = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The file is not valid JSON' };
  }
  if (!isRecord(backup)) return { ok: false, error: 'The file is not a channel backup' };
  const { videos, playlists, settings, exportedAt } = backup;
  if (!Array.isArray(videos) || !Array.isArray(playlists) || !isRecord(settings)) {
    return { ok: false, error: 'The file is not a channel backup (videos, playlists or settings missing)' };
  }
  return {
    ok: true,
    backup,
    summary: {
      videos: videos.length,
      playlists: playlists.length,
      // As the API counts them: an older backup's retired keys are dropped on import.
      settings: Object.keys(settings).filter((key) => !retiredSettingsKeys.includes(key)).length,
      exportedAt: typeof exportedAt === 'string' && !Number.isNaN(Date.parse(exportedAt)) ? exportedAt : null,
    },
  };
}
