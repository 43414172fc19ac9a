import { broadcastEvent, broadcastEventJsonLd, jsonLdText } from './broadcast-event';

describe('BroadcastEvent structured data', () => {
  it('marks a live stream as a VideoObject published by a live BroadcastEvent', () => {
    expect(
      broadcastEventJsonLd({
        id: 'abc',
        title: 'Live coding',
        thumbnail: 'https://i.ytimg.com/vi/abc/hqdefault.jpg',
        startDate: '2030-05-01T18:02:00.000Z',
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Live coding',
      description: 'Live coding',
      thumbnailUrl: ['https://i.ytimg.com/vi/abc/hqdefault.jpg'],
      uploadDate: '2030-05-01T18:02:00.000Z',
      url: 'https://www.youtube.com/watch?v=abc',
      embedUrl: 'https://www.youtube-nocookie.com/embed/abc',
      publication: {
        '@type': 'BroadcastEvent',
        isLiveBroadcast: true,
        startDate: '2030-05-01T18:02:00.000Z',
      },
    });
  });

  it('gives an ended stream its end date, and leaves out what is unknown', () => {
    const data = broadcastEventJsonLd({
      id: 'x',
      title: 'Replay',
      description: 'What we built',
      thumbnail: null,
      startDate: null,
      endDate: '2030-05-01T19:00:00.000Z',
    });
    expect(data).not.toHaveProperty('thumbnailUrl');
    expect(data).not.toHaveProperty('uploadDate');
    expect(data.description).toBe('What we built');
    expect(data.publication).toEqual({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      endDate: '2030-05-01T19:00:00.000Z',
    });
  });

  it('publishes a replay by a BroadcastEvent with its start and end', () => {
    expect(
      broadcastEvent({ startDate: '2030-05-01T18:02:00.000Z', endDate: '2030-05-01T19:00:00.000Z' }),
    ).toEqual({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      startDate: '2030-05-01T18:02:00.000Z',
      endDate: '2030-05-01T19:00:00.000Z',
    });
    expect(broadcastEvent({ startDate: null, endDate: null })).toEqual({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
    });
  });

  it('cannot close its script element', () => {
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).toBe(
      '{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
    );
  });

  it('escapes <, >, & and the line separators U+2028/2029, and reads back the same data', () => {
    const data = { name: 'a <!-- b --> & c\u2028d\u2029e', nested: [{ x: '</SCRIPT >' }] };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u0026');
    expect(text).toContain('\\u2028');
    expect(text).toContain('\\u2029');
    expect(JSON.parse(text)).toEqual(data);
  });
});
