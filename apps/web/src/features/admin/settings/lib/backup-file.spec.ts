import { parseBackupFile } from './backup-file';

describe('parseBackupFile', () => {
  it('counts what a backup holds', () => {
    const text = JSON.stringify({
      schemaVersion: 1,
      exportedAt: '2026-03-01T10:00:00.000Z',
      videos: [{ id: 'a' }, { id: 'b' }],
      playlists: [{ id: 'p' }],
      settings: { siteTitle: 'x', enableRSS: true, colorScheme: 'dark' },
    });
    const parsed = parseBackupFile(text);
    expect(parsed).toEqual({
      ok: true,
      backup: JSON.parse(text),
      summary: { videos: 2, playlists: 1, settings: 3, exportedAt: '2026-03-01T10:00:00.000Z' },
    });
  });

  it('does not count the retired settings an older backup still carries (the import drops them)', () => {
    const parsed = parseBackupFile(
      JSON.stringify({
        videos: [],
        playlists: [],
        settings: { siteTitle: 'x', totalVideos: 3, totalPlaylists: 1 },
      }),
    );
    expect(parsed).toMatchObject({ ok: true, summary: { settings: 1 } });
  });

  it('leaves out an export date that is not a date (the API names that field)', () => {
    const parsed = parseBackupFile('{"exportedAt":"yesterday","videos":[],"playlists":[],"settings":{}}');
    expect(parsed).toMatchObject({ ok: true, summary: { exportedAt: null } });
  });

  it('refuses text that is not JSON', () => {
    expect(parseBackupFile('{ nope')).toEqual({ ok: false, error: 'The file is not valid JSON' });
  });

  it('refuses JSON that is not a backup', () => {
    expect(parseBackupFile('[1,2]')).toEqual({ ok: false, error: 'The file is not a channel backup' });
    expect(parseBackupFile('null')).toEqual({ ok: false, error: 'The file is not a channel backup' });
    expect(parseBackupFile('{"videos":[],"playlists":[]}')).toMatchObject({ ok: false });
    expect(parseBackupFile('{"videos":{},"playlists":[],"settings":{}}')).toMatchObject({ ok: false });
  });
});
