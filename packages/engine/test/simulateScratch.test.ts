/**
 * The scratch pool of `simulate` (simulate/scratch.ts, issue 17 speed): the columns a result does not
 * keep are lent from one simulation to the next, so a result must hold none of them, a later
 * simulation must not change an earlier result, and a simulation started inside another (from its
 * progress callback) must give the same result with columns of its own. A result handed to the next
 * simulation (`recycle`) lends it its columns, and that simulation's result is the same as a fresh one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runOptics } from '../src/chain/optics.ts';
import { allocateOptics } from '../src/chain/opticsSeries.ts';
import { prepareOptics } from '../src/chain/prepareOptics.ts';
import { simulate, type SimulationResult } from '../src/simulate/simulate.ts';
import type { BlockResult } from '../src/simulate/year.ts';
import { cecLibraries, exampleCase, greensboroWeather, smallCase } from './simulateFixtures.ts';

/** Every typed array reachable from a value, by path (each object visited once). */
function arrays(v: unknown): Map<string, Float64Array | Uint8Array> {
  const out = new Map<string, Float64Array | Uint8Array>();
  const seen = new Set<object>();
  const walk = (x: unknown, path: string): void => {
    if (x === null || typeof x !== 'object' || seen.has(x)) return;
    seen.add(x);
    if (x instanceof Float64Array || x instanceof Uint8Array) {
      out.set(path, x);
      return;
    }
    if (ArrayBuffer.isView(x)) return;
    if (x instanceof Map) for (const [k, y] of x) walk(y, `${path}[${String(k)}]`);
    else for (const [k, y] of Object.entries(x)) walk(y, `${path}.${k}`);
  };
  walk(v, 'result');
  return out;
}

const run = (c: unknown, onProgress?: () => void): SimulationResult =>
  simulate(c, greensboroWeather(), { libraries: cecLibraries(), ...(onProgress ? { onProgress } : {}) });

/** A bifacial tracker with Perez and shading: other optics columns than the fixed example's. */
const trackerCase = () =>
  smallCase((c) => {
    const d = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
    Object.assign(d, { trackingType: 1, groundCoverageRatio: 0.35, collectorBandwidth: 2, postHeight: 1.5 });
    d.module = {
      library: 'sam-library-cec-modules-2021-12-01.csv',
      name: 'CSI Solar Co., Ltd. CS3U-400MS',
      faciality: 1,
      bifacialityFactor: 0.7,
    };
  });

describe('scratch columns of simulate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a later simulation leaves an earlier result as it was, and shares no column with it', () => {
    const first = run(exampleCase('greensboro_fixed_cec'));
    const before = new Map([...arrays(first)].map(([k, a]) => [k, a.slice()]));
    const second = run(trackerCase());
    const third = run(exampleCase('greensboro_fixed_cec'));
    for (const [k, a] of arrays(first)) expect(a, k).toEqual(before.get(k));
    // The weather's own columns (the parsed file's) are inputs both hold; nothing else is shared.
    const inputs = new Set<unknown>(Object.values(greensboroWeather()));
    const firstArrays = new Set([...arrays(first).values()].filter((a) => !inputs.has(a)));
    for (const r of [second, third])
      for (const [k, a] of arrays(r)) expect(firstArrays.has(a as Float64Array), k).toBe(false);
    expect(third.years[0]!.acEnergy).toBe(first.years[0]!.acEnergy);
    expect(third.years[0]!.summary).toEqual(first.years[0]!.summary);
  });

  it("makes the later stages' result columns from the optics chain's intermediate ones", () => {
    const n = greensboroWeather().time.length;
    const Native = Float64Array;
    const count = (c: unknown) => {
      let made = 0;
      vi.stubGlobal(
        'Float64Array',
        new Proxy(Native, {
          construct(target, args: unknown[], newTarget: (...a: unknown[]) => unknown) {
            if (args[0] === n) made++;
            return Reflect.construct(target, args, newTarget) as object;
          },
        }),
      );
      const r = run(c);
      vi.unstubAllGlobals();
      const inputs = new Set<unknown>(Object.values(greensboroWeather()));
      const held = [...arrays(r).values()].filter((a) => a instanceof Native && !inputs.has(a));
      return { made, held: held.length };
    };
    // With a DAS load the array's columns are its own, and the result needs more columns than the
    // chain's intermediates. 32 intermediate columns of the chain (instants, I0, air mass, cos θi,
    // shaded components, IAM and soiling factors, work arrays) were new besides the result's columns
    // before; now only the year plan's instants and the zero column are (the module's three columns
    // at 25 °C are intermediates that no result column took yet, which later ones take in turn).
    const loaded = exampleCase('greensboro_fixed_cec') as {
      powerPlant: { blocks: { arrays: { dasLoad: number }[] }[] };
    };
    loaded.powerPlant.blocks[0]!.arrays[0]!.dasLoad = 100;
    const withLoad = count(loaded);
    // (more than the chain's 32 intermediates, which it all takes)
    expect(withLoad.held).toBeGreaterThan(40);
    expect(withLoad.made - withLoad.held).toBeLessThanOrEqual(2);
    // The example itself (no array load: its columns are its input's) holds fewer and makes no more;
    // the intermediates its result does not take stay with it, for the simulation that recycles it.
    const plain = count(exampleCase('greensboro_fixed_cec'));
    expect(plain.held).toBeLessThan(withLoad.held);
    expect(plain.made).toBeLessThanOrEqual(withLoad.made);
    // Those intermediates stay with the result: a simulation that recycles it makes at most 3 new
    // columns, none of them the chain's (given to the pool, they were new again in each recycled run).
    const first = run(exampleCase('greensboro_fixed_cec'));
    let again = 0;
    vi.stubGlobal(
      'Float64Array',
      new Proxy(Native, {
        construct(target, args: unknown[], newTarget: (...a: unknown[]) => unknown) {
          if (args[0] === n) again++;
          return Reflect.construct(target, args, newTarget) as object;
        },
      }),
    );
    simulate(exampleCase('greensboro_fixed_cec'), greensboroWeather(), {
      libraries: cecLibraries(),
      recycle: first,
    });
    vi.unstubAllGlobals();
    // (one of them the simulation's zero column, new in every run so that it stays untouched memory)
    expect(again).toBeLessThanOrEqual(3);
  });

  it('holds one array for columns the run fills alike, each equal to its own computation', () => {
    const r = run(exampleCase('greensboro_fixed_cec'));
    const d = r.dcFields[0]!;
    const o = d.optics;
    // Fixed rows, no rows to shade, no spectral model, monofacial, no DC loss factor, no weather gap,
    // no horizon; a plant without AC elements, availability loss or LGIA limit.
    const pairs = [
      [o.trackerTheta, o.surfaceTilt],
      [o.poaAfterNearShading, o.poaAfterShading],
      [o.poaAfterSpectral, o.poaAfterIam],
      [o.rearEffective, o.poaRear],
      [o.effectiveIrradiance, o.poaAfterSpectral],
      [o.poaAfterHorizon, o.poaGlobal],
      [r.plant.availabilityLoss, o.poaRear],
      [r.plant.lgiaLoss, o.poaRear],
      [r.arrays[0]!.auxiliaryLoss, o.poaRear],
      [r.plant.acAfterAvailability, r.plant.acAfterCollection],
      [r.plant.acAfterLgia, r.plant.acAfterCollection],
      [r.plant.power, r.plant.acAfterCollection],
      [r.stages.dcAfterHealth, d.dcPower],
      [d.module.irradianceDc, o.effectiveIrradiance],
      [r.weather.tempAir, greensboroWeather().tempAir],
      [r.weather.windSpeed, greensboroWeather().windSpeed],
      [r.stages.dcAfterQuality, r.stages.dcAfterTemperature],
      [r.stages.dcAfterLid, r.stages.dcAfterTemperature],
      [r.stages.dcAfterMismatch, r.stages.dcAfterTemperature],
    ] as const;
    for (const [a, b] of pairs) expect(a).toBe(b);
    // With a quality factor the DC stages are columns of their own, and they differ.
    const q = run(
      smallCase((c) => (c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!.moduleQuality = 1)),
    ).stages;
    expect(q.dcAfterQuality).not.toBe(q.dcAfterTemperature);
    expect(q.dcAfterQuality).not.toEqual(q.dcAfterTemperature);
    expect(q.dcAfterMismatch).not.toBe(q.dcAfterLid);
    // The same chain into separate columns (allocateOptics) gives these values bit for bit.
    const prepared = prepareOptics(d.settings.choices, r.case.site, d.settings.geometry);
    const alone = runOptics(prepared, r.weather.optics, allocateOptics(r.length));
    for (const k of ['trackerTheta', 'poaAfterNearShading', 'poaAfterSpectral', 'rearEffective'] as const)
      expect(new Uint8Array(o[k].buffer), k).toEqual(new Uint8Array(alone[k].buffer));
    // The effective irradiance is the front's + 0: the same values (a −0 there is +0 here).
    expect(Array.from(o.effectiveIrradiance, (v) => v + 0)).toEqual(
      Array.from(alone.effectiveIrradiance, (v) => v + 0),
    );
    // The POA after a horizon that is not there is the transposed POA (beam + sky + ground, bit for
    // bit); the chain's own sum of the six terms differs from it by rounding alone.
    expect(new Uint8Array(o.poaAfterHorizon.buffer)).toEqual(new Uint8Array(alone.poaGlobal.buffer));
    for (let i = 0; i < r.length; i++)
      expect(Math.abs(alone.poaAfterHorizon[i]! - alone.poaGlobal[i]!)).toBeLessThanOrEqual(
        1e-13 * alone.poaGlobal[i]!,
      );
    // The shared zero column is 0 at every step, and the plant's columns are the sum after collection.
    expect(o.poaRear.every((v) => Object.is(v, 0))).toBe(true);
    // With an availability loss and a horizon they are columns of their own.
    const own = run(
      smallCase((c) => {
        c.powerPlant.availabilityLoss = 2;
        c.prediction.horizonDetails = [
          { azimuth: 0, elevation: 5 },
          { azimuth: 180, elevation: 10 },
        ];
      }),
    );
    const oo = own.dcFields[0]!.optics;
    expect(oo.poaAfterHorizon).not.toBe(oo.poaGlobal);
    expect(oo.poaAfterHorizon).not.toEqual(oo.poaGlobal);
    expect(own.plant.power).not.toBe(own.plant.acAfterCollection);
    expect(own.plant.availabilityLoss).not.toBe(oo.poaRear);
    expect(own.plant.availabilityLoss.some((v) => v > 0)).toBe(true);
    expect(own.plant.lgiaLoss).not.toBe(own.plant.availabilityLoss);
    expect(own.plant.acAfterLgia).toBe(own.plant.power);
    // Two DC fields: the health stage sums them.
    const two = run(
      smallCase((c) => {
        const inv = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!;
        inv.dcFields.push({ ...inv.dcFields[0]!, moduleTilt: 10 });
      }),
    );
    expect(two.stages.dcAfterHealth).not.toBe(two.dcFields[0]!.dcPower);
    for (let i = 0; i < two.length; i += 97)
      expect(two.stages.dcAfterHealth[i]).toBe(
        0 + two.dcFields[0]!.dcPower[i]! + two.dcFields[1]!.dcPower[i]!,
      );
    // A weather column with gaps is a copy with the gaps filled; the file's column is left as it was.
    const w = greensboroWeather();
    const gappy = { ...w, tempAir: w.tempAir.slice() };
    gappy.tempAir[3] = NaN;
    const g = simulate(exampleCase('greensboro_fixed_cec'), gappy, { libraries: cecLibraries() });
    expect(g.weather.tempAir).not.toBe(gappy.tempAir);
    expect(gappy.tempAir[3]).toBeNaN();
    expect(g.weather.tempAir[3]).toBe(w.tempAir[2]! + (w.tempAir[4]! - w.tempAir[2]!) / 2);
  });

  it("makes a one-child parent's sum its child's column, and a parent of two sums them", () => {
    // Fixed example: one block of one array of one inverter, every repeater 1.
    const r = run(exampleCase('greensboro_fixed_cec'));
    expect(r.arrays[0]!.inverterAc).toBe(r.inverters[0]!.acPower);
    expect(r.blocks[0]!.power).toBe(r.arrays[0]!.power);
    expect(r.plant.acAfterCollection).toBe(r.blocks[0]!.power);
    // A plant of one array: its inverter sums are the plant's.
    expect(r.plant.acAfterLimitation).toBe(r.arrays[0]!.inverterAc);
    expect(r.plant.acInverterOutput).toBe(r.arrays[0]!.inverterGross);
    // An array without loads, transformer or collection loss: its power is its input, its losses one
    // zero column, and the plant's stages from cooling to MV transformers are that power.
    const ar = r.arrays[0]!;
    expect(ar.power).toBe(ar.afterLetid);
    for (const c of [ar.coolingLoss, ar.trackerMotorLoss, ar.transformerLoss, ar.collectionLoss])
      expect(c).toBe(ar.auxiliaryLoss);
    expect(ar.auxiliaryLoss.every((v) => v === 0)).toBe(true);
    for (const c of [r.plant.acAfterCooling, r.plant.acAfterAuxiliary, r.plant.acAfterMvTransformers])
      expect(c).toBe(ar.power);
    // With a DAS load they are columns of their own, and the stages subtract it.
    const das = run(
      smallCase((c) => {
        const a = c.powerPlant.blocks[0]!.arrays[0]!;
        Object.assign(a, { repeater: 1, dasLoad: 500 });
      }),
    );
    const da = das.arrays[0]!;
    expect(da.power).not.toBe(da.afterLetid);
    expect(das.plant.acAfterAuxiliary).not.toBe(da.afterLetid);
    for (let i = 0; i < das.length; i += 97) {
      expect(da.auxiliaryLoss[i]).toBe(500);
      expect(das.plant.acAfterAuxiliary[i]).toBe(0 + 1 * (da.afterLetid[i]! - 500));
    }
    // No −0 in the inverter's column (its night value is 0 − tare), so the alias equals the old sum.
    expect(r.inverters[0]!.acPower.some((v) => Object.is(v, -0))).toBe(false);
    // Block of one array without repeater; a second block of two arrays, one of two inverters.
    const two = smallCase((c) => {
      const b = c.powerPlant.blocks[0]!;
      b.arrays[0]!.repeater = 1;
      const b2 = structuredClone(b);
      const a2 = structuredClone(b.arrays[0]!);
      a2.inverters.push(structuredClone(a2.inverters[0]!));
      a2.inverters[1]!.repeater = 2;
      b2.arrays.push(a2);
      c.powerPlant.blocks.push(b2);
    });
    const t = run(two);
    const [one, pair] = t.blocks as [BlockResult, BlockResult];
    const soleArray = t.arrays.find((a) => a.settings.inverters.length === 1)!;
    const twoInv = t.arrays.find((a) => a.settings.inverters.length === 2)!;
    expect(one.power).toBe(soleArray.power);
    expect(pair.power).not.toBe(soleArray.power);
    expect(t.plant.acAfterCollection).not.toBe(one.power);
    expect(t.plant.acAfterLimitation).not.toBe(soleArray.inverterAc);
    const inv = (k: number) =>
      t.inverters.find((i) => i.key.startsWith(`${twoInv.settings.inverters[k]!.key}|`))!;
    expect(twoInv.inverterAc).not.toBe(inv(0).acPower);
    const n = t.length;
    for (let i = 0; i < n; i += 97) {
      expect(twoInv.inverterAc[i]).toBe(0 + 1 * inv(0).acPower[i]! + 2 * inv(1).acPower[i]!);
      expect(pair.power[i]).toBe(0 + soleArray.power[i]! + twoInv.power[i]!);
      expect(t.plant.acAfterLimitation[i]).toBe(
        0 + soleArray.inverterAc[i]! + soleArray.inverterAc[i]! + twoInv.inverterAc[i]!,
      );
      expect(t.plant.acAfterCollection[i]).toBe(
        0 + one.repeater * one.power[i]! + pair.repeater * pair.power[i]!,
      );
    }
  });

  it('keeps the optics columns of the result, not the intermediate ones', () => {
    const o = run(exampleCase('greensboro_fixed_cec')).dcFields[0]!.optics as unknown as Record<
      string,
      unknown
    >;
    expect(o.poaAfterIam).toBeInstanceOf(Float64Array);
    expect(o.effectiveIrradiance).toBeInstanceOf(Float64Array);
    for (const k of ['sunTime', 'airmassRelative', 'cosAoi', 'iamBeam', 'shadedFraction'])
      expect(o[k]).toBeUndefined();
  });

  it('a simulation inside another (from its progress callback) gives the same result as on its own', () => {
    const alone = run(trackerCase());
    let inner: SimulationResult | undefined;
    const outer = run(exampleCase('greensboro_fixed_cec'), () => {
      inner ??= run(trackerCase());
    });
    expect(inner!.years[0]!.summary).toEqual(alone.years[0]!.summary);
    expect(inner!.stages.dcAfterIrradiance).toEqual(alone.stages.dcAfterIrradiance);
    expect(outer.years[0]!.summary).toEqual(run(exampleCase('greensboro_fixed_cec')).years[0]!.summary);
  });

  it('a recycled result lends its columns to the next simulation, which gives the same result', () => {
    const fresh = run(trackerCase());
    const freshArrays = arrays(fresh);
    const previous = run(exampleCase('greensboro_fixed_cec'));
    const inputs = new Set<unknown>(Object.values(greensboroWeather()));
    const previousColumns = new Set(
      [...arrays(previous).values()].filter((a) => a instanceof Float64Array && !inputs.has(a)),
    );
    const recycled = simulate(trackerCase(), greensboroWeather(), {
      libraries: cecLibraries(),
      recycle: previous,
    });
    // Every column of the fresh result has its equal, and the stored columns are the previous result's.
    const recycledArrays = arrays(recycled);
    expect([...recycledArrays.keys()]).toEqual([...freshArrays.keys()]);
    for (const [k, a] of recycledArrays) expect(a, k).toEqual(freshArrays.get(k));
    expect(recycled.years[0]!.summary).toEqual(fresh.years[0]!.summary);
    const taken = [...recycledArrays.values()].filter((a) => previousColumns.has(a as Float64Array));
    expect(taken.length).toBeGreaterThan(30);
    expect(recycled.stages.dcAfterIrradiance).not.toBe(fresh.stages.dcAfterIrradiance);
    // A result is recycled once: a second simulation given it makes columns of its own.
    const again = simulate(exampleCase('greensboro_fixed_cec'), greensboroWeather(), {
      libraries: cecLibraries(),
      recycle: previous,
    });
    for (const a of arrays(again).values()) expect(previousColumns.has(a as Float64Array)).toBe(false);
    for (const [k, a] of arrays(recycled)) expect(a, k).toEqual(freshArrays.get(k));
  });
});
