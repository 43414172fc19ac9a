import { CSV_INJECTION_PAYLOADS, formulaCells, parseCsv, unguarded } from '../../test/support/csv-injection';
import { subscribersCsv, subscribersCsvFileName } from './newsletter-csv';

describe('newsletter CSV', () => {
  it('writes a header and one row per subscriber, quoting what needs it', () => {
    const csv = subscribersCsv([
      { email: 'ann@mail.test', createdAt: new Date('2026-11-23T10:00:00Z'), mailchimpStatus: 'synced' },
      { email: '=cmd|"x"@mail.test', createdAt: new Date('2026-11-24T00:00:00Z'), mailchimpStatus: 'local' },
    ]);
    expect(csv).toBe(
      'email,signed up at,Mailchimp status\r\n' +
        'ann@mail.test,2026-11-23T10:00:00.000Z,synced\r\n' +
        `"'=cmd|""x""@mail.test",2026-11-24T00:00:00.000Z,local\r\n`,
    );
  });

  it('keeps each OWASP payload in its cell and row, none of them a formula', () => {
    const createdAt = new Date('2026-11-23T10:00:00Z');
    const parsed = parseCsv(
      subscribersCsv(CSV_INJECTION_PAYLOADS.map((p) => ({ email: p, createdAt, mailchimpStatus: p }))),
    );
    expect(parsed).toHaveLength(CSV_INJECTION_PAYLOADS.length + 1);
    expect(formulaCells(parsed)).toEqual([]);
    expect(parsed.slice(1).map((row) => [unguarded(row[0]), row[1], unguarded(row[2])])).toEqual(
      CSV_INJECTION_PAYLOADS.map((p) => [p, createdAt.toISOString(), p]),
    );
  });

  it('names the file by the UTC date', () => {
    expect(subscribersCsvFileName(new Date('2026-11-23T23:59:00Z'))).toBe(
      'newsletter-subscribers-2026-11-23.csv',
    );
  });
});
