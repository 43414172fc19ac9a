import { csvSafe, subscribersCsv, subscribersCsvFileName } from './newsletter-csv';

describe('newsletter CSV', () => {
  it('puts a quote before a value a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+x', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvSafe)).toEqual([
      "'=1+1",
      "'+x",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(csvSafe('ann@mail.test')).toBe('ann@mail.test');
  });

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

  it('names the file by the UTC date', () => {
    expect(subscribersCsvFileName(new Date('2026-11-23T23:59:00Z'))).toBe(
      'newsletter-subscribers-2026-11-23.csv',
    );
  });
});
