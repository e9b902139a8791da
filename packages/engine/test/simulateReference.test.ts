/**
 * `simulate` end to end against the two whole-year reference systems (../shared/reference/systems,
 * pvlib ModelChain on the Greensboro TMY3 file), run from examples/greensboro_{fixed,tracker}_cec.json.
 *
 * Aims of issue 4: annual DC and AC energy within 0.5 % of summary.json, hourly AC within 2 %
 * normalized RMSE of hourly.csv. nRMSE = RMSE over the hours where either side is non-zero, divided by
 * the reference's mean over those hours. The stages in between (POA, effective irradiance, cell
 * temperature, DC power, DC voltage) are compared the same way, so that a difference shows where it
 * enters. Tolerances held here are tighter than the aims: what is left are the two optics rules of
 * spec 4 §2 that the reference does not apply (opticsChainReference.test.ts: no irradiance with the
 * sun below the horizon, air mass 0 from 89°), a few 0.01 %.
 */
import { describe, expect, it } from 'vitest';
import { simulate, type SimulationResult } from '../src/simulate/simulate.ts';
import { readReferenceHourly } from './opticsFixtures.ts';
import { cecLibraries, exampleCase, greensboroWeather, referenceSummary } from './simulateFixtures.ts';

/** Annual ratio − 1 and hourly nRMSE of a column against the reference's. */
function compare(ours: ArrayLike<number>, ref: Float64Array, scale = 1) {
  let a = 0;
  let b = 0;
  let se = 0;
  let lit = 0;
  let refLit = 0;
  for (let i = 0; i < ref.length; i++) {
    const r = ref[i]! === ref[i]! ? ref[i]! : 0;
    const o = ours[i]! * scale;
    a += o;
    b += r;
    if (r > 0 || o > 0) {
      se += (o - r) ** 2;
      lit++;
      refLit += r;
    }
  }
  return { relative: a / b - 1, nrmse: Math.sqrt(se / lit) / (refLit / lit) };
}

const pct = (x: number) => `${(x * 100).toFixed(3)} %`;

for (const name of ['greensboro_fixed_cec', 'greensboro_tracker_cec']) {
  describe(`simulate vs reference system ${name}`, () => {
    const result: SimulationResult = simulate(exampleCase(name), greensboroWeather(), {
      libraries: cecLibraries(),
    });
    const summary = referenceSummary(name);
    const ref = readReferenceHourly(name);
    const year = result.years[0]!;

    it('annual DC and AC energy within 0.05 % (aim 0.5 %)', () => {
      const dc = year.dcEnergy / 1000 / summary.annual_dc_kwh! - 1;
      const ac = year.acEnergy / 1000 / summary.annual_ac_kwh! - 1;
      const acPositive = year.acEnergyPositive / 1000 / summary.annual_ac_kwh_positive_only! - 1;
      console.log(
        `${name}: DC ${(year.dcEnergy / 1000).toFixed(2)} vs ${summary.annual_dc_kwh!.toFixed(2)} kWh (${pct(dc)}), ` +
          `AC ${(year.acEnergy / 1000).toFixed(2)} vs ${summary.annual_ac_kwh!.toFixed(2)} kWh (${pct(ac)}), ` +
          `AC > 0 ${pct(acPositive)}`,
      );
      expect(Math.abs(dc)).toBeLessThan(5e-4);
      expect(Math.abs(ac)).toBeLessThan(5e-4);
      expect(Math.abs(acPositive)).toBeLessThan(5e-4);
    });

    it('hourly AC within 0.5 % nRMSE (aim 2 %), every stage before it within 0.5 %', () => {
      const f = result.dcFields[0]!;
      const stages: [string, ArrayLike<number>, string][] = [
        ['POA', f.optics.poaGlobal, 'poa_global'],
        ['effective irradiance', f.optics.effectiveIrradiance, 'effective_irradiance'],
        ['DC power', f.dcPower, 'dc_p_mp'],
        ['AC power', result.plant.power, 'ac'],
      ];
      const lines = stages.map(([label, ours, col]) => {
        const c = compare(ours, ref[col]!);
        expect(Math.abs(c.relative), label).toBeLessThan(5e-4);
        expect(c.nrmse, label).toBeLessThan(5e-3);
        return `${label} ${pct(c.relative)} nRMSE ${pct(c.nrmse)}`;
      });
      // Cell temperature and DC voltage at the hours where the POA agrees (the optics residual of the
      // sunrise and sunset hours is the test above; the reference's tracker has no temperature at night).
      const poa = ref.poa_global!;
      let worstT = 0;
      let worstV = 0;
      let hours = 0;
      for (let i = 0; i < poa.length; i++) {
        if (!(f.optics.poaGlobal[i]! > 0 && Math.abs(f.optics.poaGlobal[i]! - poa[i]!) < 0.01)) continue;
        hours++;
        worstT = Math.max(worstT, Math.abs(f.tempCell[i]! - ref.cell_temp![i]!));
        const v = ref.dc_v_mp![i]!;
        worstV = Math.max(worstV, f.dcVoltage[i]! === v ? 0 : Math.abs(f.dcVoltage[i]! / v - 1));
      }
      expect(hours).toBeGreaterThan(4000);
      expect(worstT).toBeLessThan(0.01);
      expect(worstV).toBeLessThan(1e-3);
      console.log(
        `${name} hourly: ${lines.join('; ')}; worst hour: cell temperature ${worstT.toFixed(4)} °C, ` +
          `DC voltage ${pct(worstV)}`,
      );
    });

    it('the plant at the point of interconnection is the inverter (no AC-side element)', () => {
      const inv = result.inverters[0]!;
      expect(result.inverters).toHaveLength(1);
      for (let i = 0; i < result.length; i++) expect(result.plant.power[i]).toBe(inv.acPower[i]);
    });
  });
}
