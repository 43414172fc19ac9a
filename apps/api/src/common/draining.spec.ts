import { isDraining, startDraining, waitUnlessDraining } from './draining';

describe('draining', () => {
  it('a retry’s wait runs out normally, and is cut short when the process starts stopping', async () => {
    expect(await waitUnlessDraining(5)).toBe(true);
    const waiting = waitUnlessDraining(60_000);
    expect(isDraining()).toBe(false);
    startDraining();
    expect(await waiting).toBe(false);
    expect(isDraining()).toBe(true);
    expect(await waitUnlessDraining(60_000)).toBe(false);
  });
});
