import { isoWeek, nextSummaryAt, summaryWeek } from './summary-week';

const at = (iso: string) => Date.parse(iso);

describe('the weekly summary’s week', () => {
  it('is due from Monday 08:00 UTC and covers the seven days before', () => {
    expect(summaryWeek(at('2026-11-23T08:00:00Z'))).toEqual({
      key: '2026-W48',
      sendAt: new Date('2026-11-23T08:00:00Z'),
      from: new Date('2026-11-16T08:00:00Z'),
      to: new Date('2026-11-23T08:00:00Z'),
    });
  });

  it('belongs to the previous Monday until 08:00 UTC on Monday', () => {
    expect(summaryWeek(at('2026-11-23T07:59:59.999Z')).key).toBe('2026-W47');
    expect(summaryWeek(at('2026-11-23T07:59:59.999Z')).sendAt).toEqual(new Date('2026-11-16T08:00:00Z'));
    // Sunday night is still the same week: a process that was down on Monday sends it then.
    expect(summaryWeek(at('2026-11-29T23:59:00Z')).sendAt).toEqual(new Date('2026-11-23T08:00:00Z'));
    expect(summaryWeek(at('2026-11-26T12:00:00Z')).key).toBe('2026-W48');
  });

  it('numbers weeks by ISO 8601 across a year’s end', () => {
    expect(isoWeek(new Date('2026-12-28T08:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2027-01-04T08:00:00Z'))).toBe('2027-W01');
    expect(isoWeek(new Date('2024-12-30T08:00:00Z'))).toBe('2025-W01');
    expect(isoWeek(new Date('2021-01-04T08:00:00Z'))).toBe('2021-W01');
    expect(summaryWeek(at('2027-01-01T10:00:00Z')).key).toBe('2026-W53');
  });

  it('names the next Monday 08:00 UTC as the next summary', () => {
    expect(nextSummaryAt(at('2026-11-23T08:00:00Z'))).toEqual(new Date('2026-11-30T08:00:00Z'));
    expect(nextSummaryAt(at('2026-11-23T07:00:00Z'))).toEqual(new Date('2026-11-23T08:00:00Z'));
  });
});
