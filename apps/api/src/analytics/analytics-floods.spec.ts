import { ANALYTICS_FLOOD_NETWORK_VISITORS } from '@app/contracts';
import { isSuspectedFlood } from './analytics-floods';

describe('isSuspectedFlood', () => {
  it('flags a day that reached its visitor cap, whatever its networks', () => {
    expect(isSuspectedFlood({ visitors: 10_000, networkVisitors: 1, capped: true })).toBe(true);
  });

  it('flags a day when one network brought enough visitors and at least half of them', () => {
    const n = ANALYTICS_FLOOD_NETWORK_VISITORS;
    expect(isSuspectedFlood({ visitors: 2 * n, networkVisitors: n, capped: false })).toBe(true);
    expect(isSuspectedFlood({ visitors: 2 * n + 1, networkVisitors: n, capped: false })).toBe(false);
    expect(isSuspectedFlood({ visitors: n - 1, networkVisitors: n - 1, capped: false })).toBe(false);
    expect(isSuspectedFlood({ visitors: 0, networkVisitors: 0, capped: false })).toBe(false);
  });
});
