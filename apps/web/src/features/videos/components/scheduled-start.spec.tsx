import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { formatScheduledStart } from '../../../lib/format';
import { ScheduledStart } from './live-banner';

const START = '2030-05-01T09:35:00.000Z';

/** Runs `work` as if the machine were in `zone`: date formats that name no time zone use it. */
async function inTimeZone<T>(zone: string, work: () => T | Promise<T>): Promise<T> {
  const Original = Intl.DateTimeFormat;
  const Zoned = function (locales?: string | string[], options: Intl.DateTimeFormatOptions = {}) {
    return new Original(locales, { ...options, timeZone: options.timeZone ?? zone });
  } as unknown as typeof Intl.DateTimeFormat;
  Intl.DateTimeFormat = Zoned;
  try {
    return await work();
  } finally {
    Intl.DateTimeFormat = Original;
  }
}

describe('ScheduledStart (issue 27)', () => {
  it('the server sends the same UTC text wherever it runs', async () => {
    const utc = formatScheduledStart(START, { locale: 'en-US', timeZone: 'UTC' });
    // Not this year: with its year.
    expect(utc).toBe('Wednesday, May 1, 2030 at 9:35 AM UTC');
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
      const html = await inTimeZone(zone, () => renderToString(<ScheduledStart iso={START} />));
      expect(html).toBe(`<time dateTime="${START}">${utc}</time>`);
    }
  });

  it('a browser in another time zone hydrates without a mismatch, then shows its own time', async () => {
    const html = await inTimeZone('UTC', () => renderToString(<ScheduledStart iso={START} />));
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recovered: unknown[] = [];
    try {
      await inTimeZone('America/Los_Angeles', async () => {
        const local = formatScheduledStart(START);
        expect(local).toContain('2:35');
        await act(async () => {
          hydrateRoot(root, <ScheduledStart iso={START} />, {
            onRecoverableError: (error) => recovered.push(error),
          });
        });
        expect(root.querySelector('time')).toHaveTextContent(local);
      });
      expect(recovered).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      root.remove();
    }
  });
});
