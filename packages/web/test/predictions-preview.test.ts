import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cecModuleRecord, findCecRecord, parseCecModuleLibrary } from '@sunfield/engine';
import {
  clearSkyDay,
  defaultPreviewMonth,
  mppRangeNote,
  previewMounting,
  siteTimeZone,
  stringWindowPreview,
  type StringWindowPreview,
} from '../src/screens/predictions/builder/preview/model.ts';
import { sharedPath } from '../../../scripts/sharedDir.ts';

const LIST = 'sam-library-cec-modules-2021-12-01.csv';
const library = parseCecModuleLibrary(fs.readFileSync(sharedPath('data', LIST), 'utf8'), LIST);
/** CSI Solar CS3U-400MS: Voc 48.6 V, Vmp 40.8 V, 400 W, 1.92 m² (window 25–27 on 875–1500 V at −20/35 °C). */
const CS3U = cecModuleRecord(findCecRecord(library, 'CSI Solar Co., Ltd. CS3U-400MS')) as Record<
  string,
  unknown
>;
const inverter = { maxAbsoluteVoltage: 1500, minVoltage: 875, maxMPPVoltage: 1300 };
const site = { min50Year: -20, cool996: 35 };
const window = (n: number) =>
  stringWindowPreview({ field: { modulesWiredInSeries: n }, module: CS3U, inverter, site });

describe('string-voltage window of a DC field', () => {
  it('says what is missing before it can draw the window', () => {
    expect(stringWindowPreview({ field: {}, module: null, inverter, site })).toEqual({ missing: 'module' });
    expect(stringWindowPreview({ field: {}, module: CS3U, inverter: null, site })).toEqual({
      missing: 'inverter',
    });
    expect(
      stringWindowPreview({ field: { modulesWiredInSeries: 26 }, module: CS3U, inverter, site: {} }),
    ).toEqual({ missing: 'min50Year' });
    expect(window(0)).toEqual({ missing: 'modulesWiredInSeries' });
    expect(
      stringWindowPreview({
        field: { modulesWiredInSeries: 26 },
        module: CS3U,
        inverter: { minVoltage: 1 },
        site,
      }),
    ).toEqual({ missing: 'inverterVoltages' });
  });

  it('is OK inside the window, with Voc cold above Voc STC and Vmp hot below Vmp STC', () => {
    const w = window(26) as StringWindowPreview;
    expect(w.status).toBe('ok');
    expect([w.limits.minModulesInSeries, w.limits.maxModulesInSeries]).toEqual([25, 27]);
    expect(w.stringVocCold).toBeGreaterThan(w.stringVocStc);
    expect(w.stringVocStc).toBeCloseTo(26 * 48.6, 0);
    expect(w.stringVmpHot).toBeLessThan(w.stringVmpStc);
    expect(w.stringVocCold).toBeLessThanOrEqual(inverter.maxAbsoluteVoltage);
    expect(w.stringVmpHot).toBeGreaterThanOrEqual(inverter.minVoltage);
    expect(w.message).toBe('26 modules in series fit the inverter window (25 to 27).');
  });

  it('names the limit broken with the domain text', () => {
    const long = window(28) as StringWindowPreview;
    expect(long.status).toBe('tooLong');
    expect(long.stringVocCold).toBeGreaterThan(1500);
    expect(long.message).toMatch(/^Modules wired in series \(28\) exceeds the maximum of 27/);
    const short = window(24) as StringWindowPreview;
    expect(short.status).toBe('tooShort');
    expect(short.message).toMatch(/is below the minimum of 25/);
  });

  it('notes a cold string MPP voltage above the MPP range', () => {
    const w = window(27) as StringWindowPreview;
    // 27 × ~47.4 V at −20 °C ≈ 1,279 V: inside a 1,300 V MPP range, outside a 1,200 V one
    expect(mppRangeNote(w)).toBeNull();
    const tight = stringWindowPreview({
      field: { modulesWiredInSeries: 27 },
      module: CS3U,
      inverter: { ...inverter, maxMPPVoltage: 1200 },
      site,
    }) as StringWindowPreview;
    expect(tight.aboveMppRange).toBe(true);
    expect(mppRangeNote(tight)).toMatch(/above the inverter maximum MPP voltage of 1200(\.00)? V/);
  });

  it('tells when no length fits', () => {
    const w = stringWindowPreview({
      field: { modulesWiredInSeries: 10 },
      module: CS3U,
      inverter: { maxAbsoluteVoltage: 600, minVoltage: 580 },
      site,
    }) as StringWindowPreview;
    expect(w.status).toBe('noFit');
  });
});

describe('clear-sky day of a DC field', () => {
  const project = { latitude: 35, longitude: -106, elevation: 1600 };
  const sitePlace = { latitude: 35, longitude: -106, elevation: 1600, timeZone: -7 };
  const field = {
    trackingType: 0,
    moduleTilt: 30,
    moduleAzimuth: 180,
    modulesWiredInSeries: 26,
    numberOfSeriesStringsWiredInParallel: 100,
  };

  it('gives a plausible noon POA on a south 30° fixed field at 35° N in June', () => {
    const started = performance.now();
    const day = clearSkyDay({ site: sitePlace, month: 6, field, module: CS3U, prediction: {} });
    const ms = performance.now() - started;
    console.log(`clear-sky day (288 steps, single diode): ${ms.toFixed(1)} ms`);
    expect(day.hours.length).toBe(288);
    const noon = day.hours.findIndex((h) => h > 12);
    const peakPoa = Math.max(...day.poa);
    expect(peakPoa).toBeGreaterThan(900);
    expect(peakPoa).toBeLessThan(1150);
    expect(day.poa[noon - 12]).toBeGreaterThan(850); // about 11:00 standard time
    expect(day.poa[0]).toBe(0); // midnight
    expect(day.poaInsolation).toBeGreaterThan(7);
    expect(day.poaInsolation).toBeLessThan(10.5);
    expect(day.method).toBe('singleDiode');
    expect(day.moduleCount).toBe(2600);
  });

  it('keeps DC power at or below Pmax × modules × 1.1', () => {
    const day = clearSkyDay({ site: sitePlace, month: 6, field, module: CS3U, prediction: {} });
    const pmax = (CS3U.stcMaxPower as number) * day.moduleCount;
    expect(day.dcPeak).toBeGreaterThan(0.6 * (pmax / 1000));
    expect(day.dcPeak).toBeLessThanOrEqual((1.1 * pmax) / 1000);
    for (const p of day.dcPower) expect(p).toBeGreaterThanOrEqual(0);
    expect(day.dcEnergy).toBeGreaterThan(0);
  });

  it('uses PVWatts when the module has no single-diode parameters, none without a rating', () => {
    const linear = { stcMaxPower: 400, stcPowerTempCoef: -0.35 };
    const day = clearSkyDay({ site: sitePlace, month: 6, field, module: linear, prediction: {} });
    expect(day.method).toBe('pvwatts');
    expect(day.dcPeak).toBeLessThanOrEqual((1.1 * 400 * 2600) / 1000);
    const none = clearSkyDay({ site: sitePlace, month: 6, field, module: null, prediction: {} });
    expect(none.method).toBe('none');
    expect(Number.isNaN(none.dcEnergy)).toBe(true);
    expect(Math.max(...none.poa)).toBeGreaterThan(900);
  });

  it('tracks: a backtracking tracker collects more than the fixed field in June, morning POA higher', () => {
    const tracker = { ...field, trackingType: 1, groundCoverageRatio: 0.35 };
    const fixed = clearSkyDay({ site: sitePlace, month: 6, field, module: CS3U, prediction: {} });
    const day = clearSkyDay({ site: sitePlace, month: 6, field: tracker, module: CS3U, prediction: {} });
    expect(day.mounting.type).toBe('tracker');
    expect(day.poaInsolation).toBeGreaterThan(fixed.poaInsolation);
    const eight = day.hours.findIndex((h) => h > 8);
    expect(day.poa[eight]).toBeGreaterThan(fixed.poa[eight]!);
  });

  it('applies the month’s soiling and albedo and the transposition choice', () => {
    const monthlyFactors = [{ month: 6, soilingLoss: 10, albedo: 0.5 }];
    const base = clearSkyDay({ site: sitePlace, month: 6, field, module: CS3U, prediction: {} });
    const dirty = clearSkyDay({
      site: sitePlace,
      month: 6,
      field,
      module: CS3U,
      prediction: { monthlyFactors },
    });
    expect(dirty.soilingLoss).toBe(10);
    expect(dirty.albedo).toBe(0.5);
    expect(dirty.poaInsolation).toBeGreaterThan(base.poaInsolation); // brighter ground
    expect(dirty.dcEnergy).toBeLessThan(base.dcEnergy); // 10 % soiling outweighs it
    const hay = clearSkyDay({
      site: sitePlace,
      month: 6,
      field,
      module: CS3U,
      prediction: { transpositionModel: 0 },
    });
    expect(hay.transposition).toBe('haydavies');
    expect(Math.abs(hay.poaInsolation / base.poaInsolation - 1)).toBeLessThan(0.05);
  });

  it('reads the field orientation with the engine defaults', () => {
    expect(previewMounting({}, 35, 6)).toEqual({ type: 'fixed', surfaceTilt: 25, surfaceAzimuth: 180 });
    expect(previewMounting({}, -20, 6)).toEqual({ type: 'fixed', surfaceTilt: 15, surfaceAzimuth: 0 });
    const seasonal = previewMounting(
      { trackingType: 2, monthlySeasonalTiltFactors: [{ month: 6, tilt: 10 }], moduleAzimuth: 170 },
      35,
      6,
    );
    expect(seasonal).toEqual({ type: 'fixed', surfaceTilt: 10, surfaceAzimuth: 170 });
    const t = previewMounting({ trackingType: 1, minimumTrackingLimitAngleD: 52 }, 35, 6);
    expect(t).toMatchObject({
      type: 'tracker',
      minAngle: -52,
      maxAngle: 60,
      backtrack: true,
      gcrAssumed: true,
    });
    expect(defaultPreviewMonth(35)).toBe(6);
    expect(defaultPreviewMonth(-35)).toBe(12);
    expect(siteTimeZone({ timeZone: -5 }, project)).toBe(-5);
    expect(siteTimeZone({}, project)).toBe(-7);
  });
});

describe('preview charts', () => {
  it('draws the window as ranges, the string red when outside', async () => {
    const { stringWindowOption, windowRanges, clearSkyDayOption } =
      await import('../src/screens/predictions/builder/preview/chartOptions.ts');
    const ok = window(26) as StringWindowPreview;
    const bad = window(28) as StringWindowPreview;
    expect(windowRanges(ok).map((r) => r.label)).toEqual([
      'String at STC',
      'String (hot Vmp – cold Voc)',
      'Inverter MPP range',
      'Inverter window',
    ]);
    expect(windowRanges(ok)[1]!.color).not.toBe(windowRanges(bad)[1]!.color);
    const option = stringWindowOption(ok);
    expect(option.series[0]!.data).toEqual(windowRanges(ok).map((r) => r.from));
    const day = clearSkyDay({
      site: { latitude: 35, longitude: -106, elevation: 1600, timeZone: -7 },
      month: 6,
      field: { modulesWiredInSeries: 26, numberOfSeriesStringsWiredInParallel: 10 },
      module: CS3U,
      prediction: {},
    });
    const metric = clearSkyDayOption(day, 'metric');
    const imperial = clearSkyDayOption(day, 'imperial');
    expect(metric.yAxis[0]!.name).toBe('W/m²');
    expect(imperial.yAxis[0]!.name).toBe('W/ft²');
    const peak = (o: typeof metric) =>
      Math.max(...o.series[1]!.data.map((p) => (p[1] as number | null) ?? 0));
    expect(peak(metric) / peak(imperial)).toBeCloseTo(10.7639, 3);
    expect(metric.series).toHaveLength(3);
  });
});
