import { TurnQueue } from './turn-queue';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnQueue', () => {
  it('runs the tasks in order, at most perTurn in each turn of the event loop', async () => {
    const queue = new TurnQueue(3, 100);
    const ran: number[] = [];
    for (let i = 0; i < 7; i++) queue.run(() => ran.push(i));
    expect(ran).toEqual([]);
    await nextTurn();
    expect(ran).toEqual([0, 1, 2]);
    await nextTurn();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
    await nextTurn();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(queue.size).toBe(0);
  });

  it('lets I/O callbacks of the turn run between its slices', async () => {
    const queue = new TurnQueue(1, 100);
    const ran: string[] = [];
    queue.run(() => ran.push('task 1'));
    queue.run(() => ran.push('task 2'));
    setImmediate(() => ran.push('other'));
    await nextTurn();
    await nextTurn();
    expect(ran).toEqual(['task 1', 'other', 'task 2']);
  });

  it('runs a task at once while maxWaiting wait (so the queue never grows without bound)', async () => {
    const queue = new TurnQueue(10, 2);
    const ran: string[] = [];
    queue.run(() => ran.push('first'));
    queue.run(() => ran.push('second'));
    queue.run(() => ran.push('at once'));
    expect(ran).toEqual(['at once']);
    await nextTurn();
    expect(ran).toEqual(['at once', 'first', 'second']);
  });
});
