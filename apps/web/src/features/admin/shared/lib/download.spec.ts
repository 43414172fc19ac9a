import { attachmentFileName } from './download';

describe('attachmentFileName', () => {
  it('reads the quoted, plain and RFC 5987 forms', () => {
    expect(attachmentFileName('attachment; filename="channel-backup-2026-03-01.json"')).toBe(
      'channel-backup-2026-03-01.json',
    );
    expect(attachmentFileName('attachment; filename=backup.json')).toBe('backup.json');
    expect(attachmentFileName("attachment; filename*=UTF-8''caf%C3%A9.json")).toBe('café.json');
  });

  it('is null without a file name', () => {
    expect(attachmentFileName(null)).toBeNull();
    expect(attachmentFileName('inline')).toBeNull();
  });
});
