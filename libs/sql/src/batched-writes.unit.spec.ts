import { BatchedWrites, alone } from './batched-writes';

/** A store whose writes wait until released, recording each write's items. */
function heldStore() {
  const writes: number[][] = [];
  const releases: (() => void)[] = [];
  const write = (items: number[]) => {
    writes.push(items);
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return { writes, write, releaseNext: () => releases.shift()?.() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedWrites', () => {
  it('writes what came in one turn together, and what came while it wrote in the next write', async () => {
    const store = heldStore();
    const batches = new BatchedWrites(alone(store.write));
    const first = [batches.add(1), batches.add(2)];
    await turn();
    expect(store.writes).toEqual([[1, 2]]);
    const second = [batches.add(3), batches.add(4), batches.add(5)];
    await turn();
    expect(store.writes).toHaveLength(1); // one write at a time
    store.releaseNext();
    await Promise.all(first);
    await turn();
    expect(store.writes).toEqual([[1, 2], [3, 4, 5]]);
    store.releaseNext();
    await Promise.all(second);
  });

  it('writes at most the batch size at once', async () => {
    const written: number[][] = [];
    const batches = new BatchedWrites(alone(async (items: number[]) => void written.push(items)), 2);
    await Promise.all([1, 2, 3, 4, 5].map((item) => batches.add(item)));
    expect(written).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects the items of a failed write only, and goes on writing', async () => {
    let calls = 0;
    const batches = new BatchedWrites(
      alone(async () => {
        if (calls++ === 0) throw new Error('the database went away');
      }),
    );
    const failed = batches.add(1);
    await expect(failed).rejects.toThrow('the database went away');
    await expect(batches.add(2)).resolves.toBeUndefined();
  });

  it('answers each item with its own result', async () => {
    const batches = new BatchedWrites(async (items: number[]) => items.map((item) => item * 10));
    expect(await Promise.all([1, 2, 3].map((item) => batches.add(item)))).toEqual([10, 20, 30]);
  });
});
