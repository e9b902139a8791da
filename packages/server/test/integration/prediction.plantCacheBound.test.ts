/**
 * The bounds of the kept plant answers (presenters/powerPlantCache.ts PLANT_CACHE_LIMITS: 32 plants,
 * 64 MB of answers a database handle, an answer over a quarter of that sent and not kept), exercised
 * with smaller limits of the same shape: the least recently used plants go first and the kept bytes
 * stay within the bound. The bound of lib/pageCache.ts (MAX_CACHED_CHARS) is tested in listPageCache.
 * Alone in its file: the plants of other tests would share the handle's cache.
 */
import type { LibraryActor } from '@sunfield/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  keptPlantEquipment,
  PLANT_CACHE_LIMITS,
  presentedPlantBytes,
} from '../../src/presenters/powerPlantCache.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createPrediction, plantBody, predictionUrl, predictionWorld } from './predictionFactory.ts';

describeEachDatabase('power plant answer cache bounds', (ctx) => {
  it('drops the least recently used plants beyond its bytes and its count, and keeps no oversized answer', async () => {
    const { app } = ctx();
    const db = app.services.database.db;
    const world = await predictionWorld(app);
    const actor: LibraryActor = { userId: world.userId, companyId: world.companyId, roles: ['User'] };
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) {
      const id = await createPrediction(app, world);
      const saved = await call(app, {
        method: 'POST',
        url: predictionUrl(world, id, '/PowerPlant'),
        token: world.token,
        payload: plantBody(world, 3),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      ids.push(id);
    }
    const kept = (id: number) => keptPlantEquipment(db, world.companyId, id) !== undefined;
    const size = new Map<number, number>();
    for (const id of ids) size.set(id, (await presentedPlantBytes(db, actor, id))!.length);
    const largest = Math.max(...size.values());
    const smallest = Math.min(...size.values());
    // Four answers fit in the bound, five do not; each is under a quarter of it (so it may be kept).
    const limits = { ...PLANT_CACHE_LIMITS, bytes: Math.floor(4.5 * smallest) };
    expect(4 * largest).toBeLessThanOrEqual(limits.bytes);
    expect(5 * smallest).toBeGreaterThan(limits.bytes);
    expect(largest).toBeLessThanOrEqual(limits.bytes / 4);
    const keptTotal = () => ids.filter(kept).reduce((sum, id) => sum + size.get(id)!, 0);

    // The production limits keep all nine (about 15 kB each).
    expect(ids.every(kept)).toBe(true);
    // A write to each plant row (a new version, the same document): each next read makes new bytes,
    // and the bound is applied when they are added.
    for (const id of ids)
      await db.execute(sql`update power_plants set data = data where prediction_id = ${id}`);
    // Read in order under the smaller bound: the first five go, the last four stay.
    const [a, b, c, d, e, f, g, h, i] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (const id of ids) {
      expect((await presentedPlantBytes(db, actor, id, undefined, limits))!.length).toBe(size.get(id));
      expect(keptTotal()).toBeLessThanOrEqual(limits.bytes);
    }
    expect(ids.map(kept)).toEqual([false, false, false, false, false, true, true, true, true]);
    // f read again is the most recently used: the next new answer drops g, the least recently used.
    await presentedPlantBytes(db, actor, f, undefined, limits);
    await presentedPlantBytes(db, actor, a, undefined, limits);
    expect([a, f, g, h, i].map(kept)).toEqual([true, true, false, true, true]);
    expect(keptTotal()).toBeLessThanOrEqual(limits.bytes);

    // The count bound: three plants at most, the least recently used going first.
    const three = { ...PLANT_CACHE_LIMITS, plants: 3 };
    for (const id of [b, c, d, e]) await presentedPlantBytes(db, actor, id, undefined, three);
    expect([a, b, c, d, e, f, h, i].map(kept)).toEqual([false, false, true, true, true, false, false, false]);

    // An answer larger than a quarter of the bound is sent whole and its bytes not kept: made anew at
    // each read, where a kept answer is the same bytes again.
    const small = { ...PLANT_CACHE_LIMITS, bytes: 3 * smallest };
    const once = await presentedPlantBytes(db, actor, g, undefined, small);
    const twice = await presentedPlantBytes(db, actor, g, undefined, small);
    expect(twice!.length).toBe(size.get(g));
    expect(twice).toEqual(once);
    expect(twice).not.toBe(once);
    const keptOnce = await presentedPlantBytes(db, actor, c, undefined, three);
    expect(await presentedPlantBytes(db, actor, c, undefined, three)).toBe(keptOnce);
  });
});
