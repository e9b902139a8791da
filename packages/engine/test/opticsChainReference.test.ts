/**
 * The optics chain against the two whole-year reference systems (../shared/reference/systems,
 * greensboro_{fixed,tracker}_cec): the Greensboro TMY3 file read by a tiny local reader, the
 * reference's conventions from its summary.json (sun at mid-hour, TMY3 pressure mbar → Pa, file DNI and
 * DHI, Perez 1990 with Kasten–Young relative air mass on the apparent zenith, albedo 0.2, ASHRAE b0 0.05
 * on the beam and none on the diffuse, 2 % soiling on the effective irradiance).
 *
 * Tolerances: sun position, tracker rotation and angle of incidence |Δ| ≤ 1e-5° (the CSV keeps 9
 * significant digits); hourly POA and effective irradiance |Δ| ≤ 2e-3 W/m² wherever the apparent zenith
 * is below 89°; annual POA within 0.05 % and hourly nRMSE (RMSE over the sunlit hours / their mean)
 * within 0.5 % (the aims: 0.5 % and 1 %).
 *
 * Residual, all of it from two rules of the chain (spec 4 §2) that the reference does not apply:
 * - steps whose mid-hour sun is below the horizon (apparent θz ≥ 90°) give 0; the reference still
 *   transposes the file's irradiance there (its DNI lands on the fixed 25° plane from below the
 *   horizon): −0.22 kWh/m² a year on the fixed rows, 0 on the tracker;
 * - the air mass is 0 from θz = 89° (Perez then has brightness Δ = 0): +0.04 kWh/m² on each.
 * The reference's NaN (pvlib's Perez for DHI = 0 with the sun up; the tracker's night steps) are 0 here.
 */
import { describe, expect, it } from 'vitest';
import type { OpticsChoices, OpticsGeometry } from '../src/chain/choices.ts';
import { runOptics } from '../src/chain/optics.ts';
import { allocateOptics, type OpticsSeries } from '../src/chain/opticsSeries.ts';
import { prepareOptics } from '../src/chain/prepareOptics.ts';
import { FIXED, greensboroTmy3, readReferenceHourly, referenceChoices, TRACKER } from './opticsFixtures.ts';

function chain(choices: OpticsChoices, geometry: OpticsGeometry, poaGlobal?: Float64Array): OpticsSeries {
  const { site, weather } = greensboroTmy3();
  const w = poaGlobal !== undefined ? { ...weather, poaGlobal } : weather;
  return runOptics(prepareOptics(choices, site, geometry), w, allocateOptics(w.time.length));
}

/** Annual sums [kWh/m²], relative difference, hourly nRMSE over the sunlit hours, and the residual by cause. */
function compare(ours: Float64Array, ref: Float64Array, apparentZenith: Float64Array) {
  let a = 0;
  let b = 0;
  let se = 0;
  let lit = 0;
  let refLit = 0;
  let below = 0;
  let band = 0;
  let worstAbove89 = 0;
  for (let i = 0; i < ours.length; i++) {
    const r = ref[i]! === ref[i]! ? ref[i]! : 0;
    const d = ours[i]! - r;
    a += ours[i]!;
    b += r;
    if (r > 0 || ours[i]! > 0) {
      se += d * d;
      lit++;
      refLit += r;
    }
    const z = apparentZenith[i]!;
    if (z >= 90) below += d;
    else if (z >= 89) band += d;
    else worstAbove89 = Math.max(worstAbove89, Math.abs(d));
  }
  return {
    annual: a / 1000,
    annualRef: b / 1000,
    relative: (a - b) / b,
    nrmse: Math.sqrt(se / lit) / (refLit / lit),
    belowHorizon: below / 1000,
    band8990: band / 1000,
    worstAbove89,
  };
}

for (const [name, geometry] of [
  ['greensboro_fixed_cec', FIXED],
  ['greensboro_tracker_cec', TRACKER],
] as const) {
  describe(`optics chain vs reference system ${name} (one TMY3 year)`, () => {
    const ref = readReferenceHourly(name);
    const out = chain(referenceChoices(), geometry);

    it('sun position, rotation, orientation and angle of incidence within 1e-5°', () => {
      const pairs: [Float64Array, string][] = [
        [out.solarZenith, 'zenith'],
        [out.apparentZenith, 'apparent_zenith'],
        [out.solarAzimuth, 'azimuth'],
        [out.surfaceTilt, 'surface_tilt'],
        [out.surfaceAzimuth, 'surface_azimuth'],
        [out.aoi, 'aoi'],
        ...(geometry === TRACKER ? ([[out.trackerTheta, 'tracker_theta']] as [Float64Array, string][]) : []),
      ];
      for (const [ours, col] of pairs) {
        const r = ref[col]!;
        let worst = 0;
        let compared = 0;
        for (let i = 0; i < r.length; i++) {
          if (r[i] !== r[i]) continue; // the reference's tracker has no angles at night
          compared++;
          let d = Math.abs(ours[i]! - r[i]!);
          if (col.endsWith('azimuth')) d = Math.min(d, 360 - d);
          worst = Math.max(worst, d);
        }
        expect(compared, col).toBeGreaterThan(4000);
        expect(worst, col).toBeLessThanOrEqual(1e-5);
      }
    });

    it('POA global: annual within 0.05 %, hourly nRMSE within 0.5 %, identical above 1° of sun', () => {
      const c = compare(out.poaGlobal, ref.poa_global!, out.apparentZenith);
      console.log(
        `${name} POA: ${c.annual.toFixed(3)} vs ${c.annualRef.toFixed(3)} kWh/m² (${(c.relative * 100).toFixed(4)} %), ` +
          `nRMSE ${(c.nrmse * 100).toFixed(3)} %; residual below the horizon ${c.belowHorizon.toFixed(3)}, ` +
          `θz 89–90° ${c.band8990.toFixed(3)} kWh/m²; worst hour above θz 89° ${c.worstAbove89.toExponential(2)} W/m²`,
      );
      expect(Math.abs(c.relative)).toBeLessThanOrEqual(5e-4);
      expect(c.nrmse).toBeLessThanOrEqual(5e-3);
      expect(c.worstAbove89).toBeLessThanOrEqual(2e-3);
      // components, same rule
      for (const [ours, col] of [
        [out.poaBeam, 'poa_direct'],
        [out.poaSkyDiffuse, 'poa_sky_diffuse'],
        [out.poaGroundDiffuse, 'poa_ground_diffuse'],
      ] as const)
        expect(compare(ours, ref[col]!, out.apparentZenith).worstAbove89, col).toBeLessThanOrEqual(2e-3);
    });

    it('effective irradiance (ASHRAE beam IAM, 2 % soiling): annual within 0.05 %, identical above 1° of sun', () => {
      const c = compare(out.effectiveIrradiance, ref.effective_irradiance!, out.apparentZenith);
      console.log(
        `${name} effective: ${c.annual.toFixed(3)} vs ${c.annualRef.toFixed(3)} kWh/m² (${(c.relative * 100).toFixed(4)} %), nRMSE ${(c.nrmse * 100).toFixed(3)} %`,
      );
      expect(Math.abs(c.relative)).toBeLessThanOrEqual(5e-4);
      expect(c.worstAbove89).toBeLessThanOrEqual(2e-3);
    });

    it("the reference's NaN are steps with no irradiance (0 here)", () => {
      const r = ref.poa_global!;
      for (let i = 0; i < r.length; i++) if (r[i] !== r[i]) expect(out.poaGlobal[i]).toBe(0);
    });
  });
}

describe('optics chain: measured POA reversed by GTI-DIRINT (useMeteoPOAI)', () => {
  it("reproduces the fixed system's POA from itself within 1 % a year", () => {
    const ref = readReferenceHourly('greensboro_fixed_cec');
    const measured = Float64Array.from(ref.poa_global!, (v) => (v === v ? v : 0));
    const out = chain({ ...referenceChoices(), useMeteoPOAI: true }, FIXED, measured);
    const c = compare(out.poaGlobal, measured, out.apparentZenith);
    let within = 0;
    let lit = 0;
    for (let i = 0; i < measured.length; i++) {
      if (!(measured[i]! > 0 && out.apparentZenith[i]! < 89)) continue;
      lit++;
      if (Math.abs(out.poaGlobal[i]! - measured[i]!) <= 1) within++;
    }
    console.log(
      `GTI-DIRINT: POA ${c.annual.toFixed(3)} vs ${c.annualRef.toFixed(3)} kWh/m² (${(c.relative * 100).toFixed(3)} %), ` +
        `${((within / lit) * 100).toFixed(1)} % of sunlit hours within 1 W/m², nRMSE ${(c.nrmse * 100).toFixed(2)} %`,
    );
    expect(Math.abs(c.relative)).toBeLessThanOrEqual(0.01);
    expect(within / lit).toBeGreaterThan(0.9);
  });
});
