import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { cachedListTotal, listTotal } from '../../src/models/listTotal.ts';

describe('list totals', () => {
  const counted = (n: number) => {
    const calls: number[] = [];
    const count = () => {
      calls.push(1);
      return Promise.resolve([{ n }]);
    };
    return { calls, count };
  };
  it('counts nothing when the page ends before top', async () => {
    const { calls, count } = counted(999);
    expect(await listTotal(7, 0, 25, count)).toBe(7);
    expect(await listTotal(3, 50, 25, count)).toBe(53);
    expect(await listTotal(0, 0, 25, count)).toBe(0);
    expect(calls).toEqual([]);
  });
  it('counts a full page, and an empty page past the first (the skip may pass the end)', async () => {
    const { calls, count } = counted(120);
    expect(await listTotal(25, 0, 25, count)).toBe(120);
    expect(await listTotal(0, 200, 25, count)).toBe(120);
    expect(calls.length).toBe(2);
  });
  it('reuses a library count while the change epoch of its database is the same', async () => {
    let epoch = '41';
    const epochOf = () => Promise.resolve(epoch);
    const db = {} as Db;
    const { calls, count } = counted(16_830);
    const total = (key = 'k', of = db) => cachedListTotal(of, key, 50, 0, 50, count, epochOf);
    expect(await total()).toBe(16_830);
    expect(await total()).toBe(16_830);
    expect(calls.length).toBe(1);
    // Another filter or viewer is another count; so is another database with the same epoch.
    await total('other');
    expect(calls.length).toBe(2);
    await total('k', {} as Db);
    expect(calls.length).toBe(3);
    // Any committed write (any process) moves the epoch: counted again, then reused.
    epoch = '42';
    await total();
    await total();
    expect(calls.length).toBe(4);
    // A short page is its own total, whatever was cached.
    expect(await cachedListTotal(db, 'k', 7, 0, 50, count, epochOf)).toBe(7);
  });
});
