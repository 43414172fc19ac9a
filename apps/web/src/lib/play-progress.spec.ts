import { playMilestones } from '@app/contracts';
import { MILESTONES, newMilestones } from './play-progress';

describe('play progress', () => {
  it('has the milestones of the contract', () => {
    expect(MILESTONES).toEqual(playMilestones);
  });

  it('reports each point reached once, the end from the last second or when the player ended', () => {
    const sent = new Set<number>();
    const seen = (info: Parameters<typeof newMilestones>[0]) => {
      const reached = newMilestones(info, sent);
      reached.forEach((m) => sent.add(m));
      return reached;
    };
    expect(seen({ currentTime: 10, duration: 200, playerState: 1 })).toEqual([]);
    expect(seen({ currentTime: 50, duration: 200 })).toEqual([25]);
    expect(seen({ currentTime: 60, duration: 200 })).toEqual([]);
    // A jump (a chapter) passes several points at once.
    expect(seen({ currentTime: 160 })).toEqual([]);
    expect(seen({ currentTime: 160, duration: 200 })).toEqual([50, 75]);
    expect(seen({ currentTime: 198.5, duration: 200 })).toEqual([]);
    expect(seen({ currentTime: 199.2, duration: 200 })).toEqual([100]);
    expect(newMilestones({ playerState: 0 }, new Set([25]))).toEqual([50, 75, 100]);
    expect(newMilestones({ currentTime: 5, duration: 0 }, new Set())).toEqual([]);
  });
});
