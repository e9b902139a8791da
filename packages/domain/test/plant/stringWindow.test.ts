import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cecModuleRecord, findCecRecord, parseCecModuleLibrary } from '@sunfield/engine';
import {
  STRING_SIZING_HEAT_BALANCE,
  heatBalanceEfficiency,
  hotCellTemperature,
  linearModuleVoltages,
  moduleElectricalModel,
  moduleVoltages,
  proposedModulesWiredInSeries,
  seriesStringLimits,
  seriesStringProblem,
  type StringSizingModule,
} from '../../src/plant/index.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

const LIST = 'sam-library-cec-modules-2021-12-01.csv';
const library = parseCecModuleLibrary(fs.readFileSync(sharedPath('data', LIST), 'utf8'), LIST);
/** CSI Solar CS3U-400MS: Voc 48.6 V, βoc −0.130734 V/K, Vmp 40.8 V, γ −0.349 %/K, αsc 0.0038221 A/K, Isc 10.33 A, 1.92 m². */
const CS3U = cecModuleRecord(findCecRecord(library, 'CSI Solar Co., Ltd. CS3U-400MS')) as StringSizingModule;

const site = { min50Year: -20, cool996: 35 };
const inverter = { maxAbsoluteVoltage: 1500, minVoltage: 875 };

/**
 * Hand calculation from the data-sheet coefficients:
 * - cold: cells at −20 °C; Voc = 48.6 − 0.130734 · (−20 − 25) = 54.483 V; 1500/54.483 = 27.53 → 27;
 * - hot: η = 400.248/(1000 · 1.92) = 0.20846; Tc = 35 + 0.9 · 1000 · (1 − 0.20846)/29 = 59.565 °C;
 *   Vmp coefficient ≈ γ − αIsc = −0.349 − 100 · 0.0038221/10.33 = −0.386 %/K;
 *   Vmp = 40.8 · (1 − 0.00386 · 34.565) = 35.356 V; 875/35.356 = 24.75 → 25.
 * The single-diode model bends Voc(T) and Vmp(T) a little upward away from 25 °C (+0.6 % and +1.3 %
 * here: 54.78 V and 35.80 V); the window is the same.
 */
const HAND = { vocAtMin: 54.483, tempCellHot: 59.565, vmpAtHot: 35.356, min: 25, max: 27 };

describe('series-string window of a CEC module (spec 2 §9.3)', () => {
  const limits = seriesStringLimits({ site, inverter, module: CS3U });

  it('uses the single-diode model of the record (pvModel 100, CEC parameters)', () => {
    expect(CS3U.pvModel).toBe(100);
    expect(moduleElectricalModel(CS3U)?.model).toBe('cec');
    expect(limits.method).toBe('singleDiode');
  });

  it('takes the cells at the 50-year minimum for Voc and heats them from cool996 for Vmp', () => {
    expect(limits.tempCellCold).toBe(-20);
    expect(heatBalanceEfficiency(CS3U)).toBeCloseTo(0.2084625, 7);
    expect(limits.tempCellHot).toBeCloseTo(HAND.tempCellHot, 3);
  });

  it('agrees with the hand calculation: Voc within 1 %, Vmp within 1.5 %, the same window', () => {
    expect(Math.abs(limits.vocAtMin / HAND.vocAtMin - 1)).toBeLessThan(0.01);
    expect(Math.abs(limits.vmpAtHot / HAND.vmpAtHot - 1)).toBeLessThan(0.015);
    expect(limits.maxModulesInSeries).toBe(HAND.max);
    expect(limits.minModulesInSeries).toBe(HAND.min);
    expect(limits.feasible).toBe(true);
    // the model's own floor/ceil: 1500/54.78 = 27.38, 875/35.80 = 24.44
    expect(Math.floor(1500 / limits.vocAtMin)).toBe(27);
    expect(Math.ceil(875 / limits.vmpAtHot)).toBe(25);
  });

  it('reproduces the STC voltages of the list at 25 °C', () => {
    const stc = moduleVoltages({ tempCell: 25, irradiance: 1000 }, CS3U);
    expect(stc.voc).toBeCloseTo(48.6, 2);
    expect(stc.vmp).toBeCloseTo(40.8, 2);
  });

  it('gives nearly the same window with the PVsyst-form fields of the same record (pvModel 1)', () => {
    const pvsyst = { ...CS3U, pvModel: 1 };
    expect(moduleElectricalModel(pvsyst)?.model).toBe('pvsyst');
    const l = seriesStringLimits({ site, inverter, module: pvsyst });
    expect(l.method).toBe('singleDiode');
    expect(Math.abs(l.vocAtMin / limits.vocAtMin - 1)).toBeLessThan(0.01);
    expect(Math.abs(l.vmpAtHot / limits.vmpAtHot - 1)).toBeLessThan(0.015);
    expect([l.minModulesInSeries, l.maxModulesInSeries]).toEqual([25, 27]);
  });
});

describe('linear temperature coefficients when the record has no single-diode parameters', () => {
  const linear: StringSizingModule = {
    stcOpenCircuitVoltage: 48.6,
    stcmppVoltage: 40.8,
    stcMaxPower: 400.248,
    stcEfficiency: 20.84625,
    stcOpenCircuitVoltageTempCoef: (100 * -0.130734) / 48.6,
    stcPowerTempCoef: -0.349,
    stcShortCircuitCurrentTempCoef: (100 * 0.0038221) / 10.33,
  };

  it('is the hand calculation exactly', () => {
    expect(moduleElectricalModel(linear)).toBeUndefined();
    const l = seriesStringLimits({ site, inverter, module: linear });
    expect(l.method).toBe('linear');
    expect(l.vocAtMin).toBeCloseTo(HAND.vocAtMin, 3);
    expect(l.vmpAtHot).toBeCloseTo(HAND.vmpAtHot, 3);
    expect([l.minModulesInSeries, l.maxModulesInSeries]).toEqual([HAND.min, HAND.max]);
  });

  it('falls back to γ alone, then to βVoc, for Vmp', () => {
    const at = (m: StringSizingModule) => linearModuleVoltages({ tempCell: 75 }, m).vmp;
    expect(at({ ...linear, stcShortCircuitCurrentTempCoef: null })).toBeCloseTo(
      40.8 * (1 - 0.00349 * 50),
      10,
    );
    expect(at({ ...linear, stcPowerTempCoef: null })).toBeCloseTo(40.8 * (1 - (0.130734 / 48.6) * 50), 10);
    expect(at({ stcmppVoltage: 40.8 })).toBeNaN();
  });

  it('a string exactly at the maximum voltage fits', () => {
    const m: StringSizingModule = {
      stcOpenCircuitVoltage: 50,
      stcmppVoltage: 40,
      stcOpenCircuitVoltageTempCoef: 0,
      stcPowerTempCoef: 0,
    };
    const l = seriesStringLimits({
      site,
      inverter: { maxAbsoluteVoltage: 1500, minVoltage: 800 },
      module: m,
    });
    expect([l.minModulesInSeries, l.maxModulesInSeries]).toEqual([20, 30]);
  });
});

describe('heat balance of the hot condition', () => {
  it('defaults to α 0.9, Uc 29, Uv 0, v 1 m/s', () => {
    expect(STRING_SIZING_HEAT_BALANCE).toEqual({ alpha: 0.9, uC: 29, uV: 0, windSpeed: 1 });
    // η 0 without area or efficiency: 35 + 900/29
    expect(hotCellTemperature({ cool996: 35 }, {})).toBeCloseTo(35 + 900 / 29, 12);
  });

  it("takes the module's coefficients, then the field's", () => {
    const module: StringSizingModule = {
      heatBalanceConductiveCoef: 25,
      heatBalanceConvectiveCoef: 1.2,
      width: 1000,
      length: 2000,
      stcMaxPower: 400,
    };
    // η = 400/(1000 · 2) = 0.2; 35 + 0.9 · 1000 · 0.8/(25 + 1.2 · 1)
    expect(hotCellTemperature({ cool996: 35 }, module)).toBeCloseTo(35 + 720 / 26.2, 12);
    expect(
      hotCellTemperature({ cool996: 35 }, module, {
        heatBalanceConductiveCoef: 20,
        heatBalanceConvectiveCoef: 0,
        heatAbsorptionCoefAlphaT: 0.8,
        windSpeed: 3,
      }),
    ).toBeCloseTo(35 + 640 / 20, 12);
  });

  it('a hotter field lowers Vmp and can raise the minimum', () => {
    const hot = seriesStringLimits({
      site,
      inverter,
      module: CS3U,
      thermal: { heatBalanceConductiveCoef: 15 },
    });
    const base = seriesStringLimits({ site, inverter, module: CS3U });
    expect(hot.tempCellHot).toBeGreaterThan(base.tempCellHot);
    expect(hot.vmpAtHot).toBeLessThan(base.vmpAtHot);
    expect(hot.maxModulesInSeries).toBe(base.maxModulesInSeries);
  });
});

describe('the check of a string length', () => {
  const limits = seriesStringLimits({ site, inverter, module: CS3U });

  it('accepts lengths within the window', () => {
    for (const n of [25, 26, 27]) expect(seriesStringProblem({ modulesWiredInSeries: n, limits })).toBeNull();
  });

  it('names the maximum when the string is too long', () => {
    const p = seriesStringProblem({ modulesWiredInSeries: 28, limits });
    expect(p?.limit).toBe('maximum');
    expect(p?.message).toContain('Modules wired in series (28) exceeds the maximum of 27');
    expect(p?.message).toContain('50-year minimum temperature (-20.0 °C)');
    expect(p?.message).toContain(`${(28 * limits.vocAtMin).toFixed(2)} V`);
    expect(p?.message).toContain('inverter maximum voltage of 1500.00 V');
  });

  it('names the minimum when the string is too short', () => {
    const p = seriesStringProblem({ modulesWiredInSeries: 24, limits });
    expect(p?.limit).toBe('minimum');
    expect(p?.message).toContain('Modules wired in series (24) is below the minimum of 25');
    expect(p?.message).toContain('99.6 % cooling design temperature (cells at 59.6 °C)');
    expect(p?.message).toContain('inverter minimum voltage of 875.00 V');
  });

  it('proposes the longest string that fits, none when the window is empty', () => {
    expect(proposedModulesWiredInSeries(limits)).toBe(27);
    const empty = seriesStringLimits({
      site,
      inverter: { maxAbsoluteVoltage: 1000, minVoltage: 990 },
      module: CS3U,
    });
    expect(empty.feasible).toBe(false);
    expect(proposedModulesWiredInSeries(empty)).toBeNaN();
  });
});
