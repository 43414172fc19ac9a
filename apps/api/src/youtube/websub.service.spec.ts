import { createHmac } from 'node:crypto';
import { entriesOf, validSignature, websubCallbackOrigin } from './websub.service';

const CHANNEL = 'UC_x5XG1OV2P6uZZ5FSM9Ttw';
const entry = (videoId: string, channelId = CHANNEL) =>
  `<entry><yt:videoId>${videoId}</yt:videoId><yt:channelId>${channelId}</yt:channelId></entry>`;
const feed = (...entries: string[]) =>
  `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:yt="http://www.youtube.com/xml/schemas/2015">${entries.join('')}</feed>`;

describe('WebSub (issue 24)', () => {
  it('is on only for a public https PUBLIC_URL (or any, with a test hub)', () => {
    const origin = (PUBLIC_URL?: string, WEBSUB_HUB_URL?: string) =>
      websubCallbackOrigin({ PUBLIC_URL, WEBSUB_HUB_URL });
    expect(origin('https://videos.example.com/some/path')).toBe('https://videos.example.com');
    expect(origin('https://93.184.216.34')).toBe('https://93.184.216.34');
    for (const refused of [
      undefined,
      'http://videos.example.com',
      'https://localhost:3000',
      'https://app.localhost',
      'https://nas.local',
      'https://127.0.0.1',
      'https://10.0.0.5',
      'https://192.168.1.2',
      'https://[::1]',
      'https://[fd00::1]',
    ]) {
      expect([refused, origin(refused)]).toEqual([refused, null]);
    }
    expect(origin('http://127.0.0.1:4000', 'http://127.0.0.1:5000/subscribe')).toBe('http://127.0.0.1:4000');
  });

  it('accepts only the HMAC-SHA1 of the exact body with the secret', () => {
    const body = Buffer.from(feed(entry('abcdefghijk')));
    const good = `sha1=${createHmac('sha1', 'secret').update(body).digest('hex')}`;
    expect(validSignature(body, good, 'secret')).toBe(true);
    expect(validSignature(body, good.toUpperCase().replace('SHA1', 'sha1'), 'secret')).toBe(true);
    expect(validSignature(body, good, 'other')).toBe(false);
    expect(validSignature(Buffer.concat([body, Buffer.from(' ')]), good, 'secret')).toBe(false);
    expect(validSignature(body, good.replace('sha1=', 'sha256='), 'secret')).toBe(false);
    expect(validSignature(body, good.slice(0, -2), 'secret')).toBe(false);
    expect(validSignature(body, '', 'secret')).toBe(false);
  });

  it("reads the entries' video ids of the channel, nothing else", () => {
    expect(entriesOf(feed(entry('abcdefghijk')), CHANNEL)).toEqual(['abcdefghijk']);
    expect(entriesOf(feed(entry('abcdefghijk'), entry('zyxwvutsrqp')), CHANNEL)).toEqual([
      'abcdefghijk',
      'zyxwvutsrqp',
    ]);
    expect(entriesOf(feed(entry('abcdefghijk', 'UCsomeoneelse0000000000')), CHANNEL)).toEqual([]);
    expect(entriesOf(feed(entry('bad id!')), CHANNEL)).toEqual([]);
    // A deleted entry (at:deleted-entry) has no yt:videoId entry: nothing to fetch.
    expect(
      entriesOf(
        feed('<at:deleted-entry ref="yt:video:abcdefghijk" when="2026-11-26T10:00:00+00:00"/>'),
        CHANNEL,
      ),
    ).toEqual([]);
    expect(entriesOf('not xml <<<', CHANNEL)).toEqual([]);
    expect(entriesOf('', CHANNEL)).toEqual([]);
  });
});
