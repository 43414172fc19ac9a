import { sponsorshipInputSchema, sponsorshipsInMonth } from './sponsorships';

const deal = (amountUsd: number, startDate: string, endDate: string) => ({ amountUsd, startDate, endDate });

describe('sponsorshipsInMonth', () => {
  it('counts a deal inside the month in full, and one outside not at all', () => {
    expect(sponsorshipsInMonth([deal(300, '2026-03-01', '2026-03-31')], '2026-03-15')).toBe(300);
    expect(sponsorshipsInMonth([deal(300, '2026-02-01', '2026-02-28')], '2026-03-15')).toBe(0);
    expect(sponsorshipsInMonth([deal(300, '2026-04-01', '2026-04-30')], '2026-03-15')).toBe(0);
  });

  it("spreads a deal evenly over its days and takes this month's share", () => {
    // 10 days, 6 of them in March (26th to 31st): 60%.
    expect(sponsorshipsInMonth([deal(1000, '2026-03-26', '2026-04-04')], '2026-03-01')).toBe(600);
    expect(sponsorshipsInMonth([deal(1000, '2026-03-26', '2026-04-04')], '2026-04-30')).toBe(400);
    // A one-day deal, and a year-long one (365 days, 28 in February 2026).
    expect(sponsorshipsInMonth([deal(99.99, '2026-02-14', '2026-02-14')], '2026-02-01')).toBe(99.99);
    expect(sponsorshipsInMonth([deal(365, '2026-01-01', '2026-12-31')], '2026-02-10')).toBe(28);
  });

  it('adds deals up and rounds to cents once', () => {
    const deals = [deal(100, '2026-03-01', '2026-03-03'), deal(100, '2026-03-01', '2026-03-03')];
    expect(sponsorshipsInMonth(deals, '2026-03-20')).toBe(200);
    expect(sponsorshipsInMonth([deal(100, '2026-02-27', '2026-03-01')], '2026-03-01')).toBe(33.33);
    expect(sponsorshipsInMonth([], '2026-03-01')).toBe(0);
  });
});

describe('sponsorshipInputSchema', () => {
  const valid = {
    sponsorName: ' Acme ',
    url: 'https://acme.example',
    amountUsd: 19.99,
    startDate: '2024-02-29',
    endDate: '2024-02-29',
  };
  it('takes a one-day deal on a leap day, trims the name and defaults the message', () => {
    expect(sponsorshipInputSchema.parse(valid)).toEqual({
      ...valid,
      sponsorName: 'Acme',
      message: '',
      videoIds: [],
    });
  });
  it('refuses cents below a cent and a day that does not exist', () => {
    expect(sponsorshipInputSchema.safeParse({ ...valid, amountUsd: 0.005 }).success).toBe(false);
    expect(
      sponsorshipInputSchema.safeParse({ ...valid, startDate: '2026-02-29', endDate: '2026-03-01' }).success,
    ).toBe(false);
  });
});
