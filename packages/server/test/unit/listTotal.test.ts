import { describe, expect, it } from 'vitest';
import { writeWatchLogger } from '../../src/db/writeWatch.ts';
import { COUNT_CACHE_MS, cachedListTotal, listTotal } from '../../src/models/listTotal.ts';

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
  it('reuses a library count until this process writes the table or the count is too old', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const { calls, count } = counted(16_830);
    const total = (key = 'k') => cachedListTotal('modules', key, 50, 0, 50, count, clock);
    expect(await total()).toBe(16_830);
    expect(await total()).toBe(16_830);
    expect(calls.length).toBe(1);
    // Another filter or viewer is another count.
    await total('other');
    expect(calls.length).toBe(2);
    // A write to the other library changes nothing; one to this library is counted again.
    writeWatchLogger.logQuery('insert into "inverters" ("name") values ($1)', []);
    await total();
    expect(calls.length).toBe(2);
    writeWatchLogger.logQuery('update "modules" set "status" = $1 where "modules"."id" = $2', []);
    await total();
    expect(calls.length).toBe(3);
    writeWatchLogger.logQuery('select count(*) from "modules"', []);
    await total();
    expect(calls.length).toBe(3);
    now += COUNT_CACHE_MS;
    await total();
    expect(calls.length).toBe(4);
    // A short page is its own total, whatever was cached.
    expect(await cachedListTotal('modules', 'k', 7, 0, 50, count, clock)).toBe(7);
  });
});
