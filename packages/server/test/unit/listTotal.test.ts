import { describe, expect, it } from 'vitest';
import { listTotal } from '../../src/models/listTotal.ts';

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
});
