/**
 * Invariants of the optics chain (chain/optics.ts) on the Greensboro TMY3 year and on synthetic days:
 * tilt 0 gives POA = GHI, components add up, no NaN, night gives 0, backtracking leaves no beam
 * shading, each stage only loses light when its factors are ≤ 1, and the chain is allocation-free.
 * The whole-year comparison with the reference systems is in opticsChainReference.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  DCFieldBacktrackingType,
  DCFieldTrackingTypeEnum,
  DiffuseDirectDecompModelType,
  DirectBeamShadingModel,
  IncidenceAngleModelType,
  type OpticsChoices,
  type OpticsGeometry,
  SoilingModelType,
  SpectralResponseEnum,
  SpectralShiftModel,
  SpectralWeatherType,
  TranspositionModelType,
} from '../src/chain/choices.ts';
import { runOptics, sharedOpticsColumns } from '../src/chain/optics.ts';
import {
  allocateOptics,
  OPTICS_COLUMNS,
  type OpticsSeries,
  type OpticsWeather,
} from '../src/chain/opticsSeries.ts';
import { prepareOptics } from '../src/chain/prepareOptics.ts';
import { monthSeries } from '../src/time/calendar.ts';
import {
  FIXED,
  fullChoices,
  greensboroTmy3,
  HORIZON,
  referenceChoices,
  TRACKER,
  TRACKER_FULL,
} from './opticsFixtures.ts';

const DEG = Math.PI / 180;

function run(choices: OpticsChoices, geometry: OpticsGeometry, weather?: OpticsWeather, horizon = false) {
  const g = greensboroTmy3();
  const w = weather ?? g.weather;
  const site = horizon ? { ...g.site, horizon: HORIZON } : g.site;
  const p = prepareOptics(choices, site, geometry);
  return runOptics(p, w, allocateOptics(w.time.length));
}

/** Irradiance columns [W/m²] (0 at night). */
const IRRADIANCE = [
  'ghi',
  'dni',
  'dhi',
  'poaBeam',
  'poaSkyDiffuse',
  'poaCircumsolar',
  'poaGroundDiffuse',
  'poaGlobal',
  'poaAfterHorizon',
  'poaAfterNearShading',
  'beamAfterShading',
  'skyAfterShading',
  'groundAfterShading',
  'poaAfterShading',
  'poaAfterSoiling',
  'poaAfterIam',
  'poaAfterSpectral',
  'poaRear',
  'rearEffective',
  'effectiveIrradiance',
] as const;

const fixedTilt0: OpticsGeometry = {
  mounting: { type: DCFieldTrackingTypeEnum.FixedTilt, surfaceTilt: 0, surfaceAzimuth: 180 },
  gcr: 0.4,
};

describe('optics chain: tilt 0 gives POA = GHI', () => {
  // GHI consistent with the transposition's geometry: GHI = DNI·cos θz,app + DHI (the chain transposes
  // on the apparent sun). Decomposition 'None' keeps the file's DNI and DHI.
  const tmy = greensboroTmy3().weather;
  const first = run(referenceChoices(), fixedTilt0);
  const ghi = Float64Array.from(
    first.dni,
    (b, i) => b * Math.max(0, Math.cos(first.apparentZenith[i]! * DEG)) + first.dhi[i]!,
  );
  const weather = { ...tmy, ghi };
  // Hay–Davies floors cos θz at 0.01745 (θz ≈ 89°) in Rb: beyond, its circumsolar part falls short.
  for (const [label, t, limit] of [
    ['isotropic', { model: TranspositionModelType.Isotropic }, 90],
    ['Hay–Davies', { model: TranspositionModelType.Hay }, Math.acos(0.01745) / DEG],
  ] as const) {
    it(`${label}: |POA − GHI| ≤ 1e-9 W/m² at every step with θz ≤ ${limit.toFixed(2)}°, POA ≤ GHI beyond`, () => {
      const out = run({ ...referenceChoices(), transposition: t }, fixedTilt0, weather);
      let worst = 0;
      for (let i = 0; i < out.length; i++) {
        const d = out.poaGlobal[i]! - out.ghi[i]!;
        if (out.apparentZenith[i]! <= limit) worst = Math.max(worst, Math.abs(d));
        else expect(d).toBeLessThanOrEqual(1e-9);
      }
      expect(worst).toBeLessThanOrEqual(1e-9);
    });
  }
  it('Perez: equal up to θz = 85° (b = max(cos 85°, cos θz)); beyond, POA ≤ GHI and the gap ≤ DHI', () => {
    const out = run(referenceChoices(), fixedTilt0, weather);
    let worst = 0;
    let checked = 0;
    for (let i = 0; i < out.length; i++) {
      const d = out.poaGlobal[i]! - out.ghi[i]!;
      if (out.apparentZenith[i]! <= 85) {
        worst = Math.max(worst, Math.abs(d));
        if (out.ghi[i]! > 0) checked++;
      } else {
        expect(d).toBeLessThanOrEqual(1e-9);
        expect(-d).toBeLessThanOrEqual(out.dhi[i]! + 1e-9);
      }
    }
    expect(checked).toBeGreaterThan(4000);
    expect(worst).toBeLessThanOrEqual(1e-9);
  });
});

describe('optics chain: the heaviest configuration on a year of TMY3', () => {
  // DIRINT, tracker with slope-aware backtracking and wind stow, horizon, fractional electrical
  // shading, Schaar–Panchula, ground shading, physical IAM + Marion diffuse, First Solar 2-parameter
  // with Gueymard water, monthly soiling, bifacial rear.
  const full = run(fullChoices(), TRACKER_FULL, undefined, true);

  it('no NaN in any column at any step', () => {
    for (const name of OPTICS_COLUMNS) {
      const c = full[name];
      let bad = -1;
      for (let i = 0; i < c.length && bad < 0; i++) if (!Number.isFinite(c[i]!)) bad = i;
      expect(bad, `${name} at step ${bad}`).toBe(-1);
    }
  });

  it('night and below-horizon steps (apparent θz ≥ 90°) give 0 in every irradiance column', () => {
    let nights = 0;
    const nonZero: string[] = [];
    for (let i = 0; i < full.length; i++) {
      if (full.apparentZenith[i]! < 90) continue;
      nights++;
      for (const name of IRRADIANCE) if (full[name][i] !== 0) nonZero.push(`${name} at ${i}`);
    }
    expect(nights).toBeGreaterThan(4000);
    expect(nonZero).toEqual([]);
  });

  it('components add up at every step (transposed, after shading)', () => {
    let worst = 0;
    for (let i = 0; i < full.length; i++) {
      const sum = full.poaBeam[i]! + full.poaSkyDiffuse[i]! + full.poaGroundDiffuse[i]!;
      const shaded = full.beamAfterShading[i]! + full.skyAfterShading[i]! + full.groundAfterShading[i]!;
      worst = Math.max(
        worst,
        Math.abs(full.poaGlobal[i]! - sum) / (1 + sum),
        Math.abs(full.poaAfterShading[i]! - shaded) / (1 + shaded),
        full.poaCircumsolar[i]! - full.poaSkyDiffuse[i]!,
      );
    }
    expect(worst).toBeLessThanOrEqual(1e-12);
  });

  it('stages only lose light: global ≥ horizon ≥ near shading ≥ electrical ≥ soiling ≥ IAM; rear adds', () => {
    const order = [
      'poaGlobal',
      'poaAfterHorizon',
      'poaAfterNearShading',
      'poaAfterShading',
      'poaAfterSoiling',
      'poaAfterIam',
    ] as const;
    const violations: string[] = [];
    for (let i = 0; i < full.length; i++) {
      for (let k = 1; k < order.length; k++)
        if (!(full[order[k]!][i]! <= full[order[k - 1]!][i]! * (1 + 1e-12) + 1e-9))
          violations.push(`${order[k]} at ${i}`);
      const rear = full.rearEffective[i]!;
      if (!(rear >= 0 && rear <= full.poaRear[i]!)) violations.push(`rearEffective at ${i}`);
      if (Math.abs(full.effectiveIrradiance[i]! - full.poaAfterSpectral[i]! - rear) > 1e-9)
        violations.push(`effective at ${i}`);
    }
    expect(violations).toEqual([]);
    // the horizon, the rows and the rear side each do something over the year
    const sum = (c: Float64Array) => c.reduce((a, b) => a + b, 0);
    expect(sum(full.poaAfterHorizon)).toBeLessThan(sum(full.poaGlobal));
    expect(sum(full.poaAfterShading)).toBeLessThan(sum(full.poaAfterHorizon));
    const rearGain = sum(full.rearEffective) / sum(full.poaAfterSpectral);
    expect(rearGain).toBeGreaterThan(0.03);
    expect(rearGain).toBeLessThan(0.15);
  });

  it('effective ≤ POA when the modifiers are ≤ 1 (ASHRAE, no spectral), with the rear side off', () => {
    const c: OpticsChoices = {
      ...fullChoices(),
      iam: { model: IncidenceAngleModelType.Ashrae, b0: 0.05 },
      spectral: { model: SpectralShiftModel.None },
    };
    const out = run(c, { ...TRACKER_FULL, bifacial: undefined });
    const violations: number[] = [];
    for (let i = 0; i < out.length; i++) {
      if (!(out.iamBeam[i]! <= 1 && out.iamSky[i]! <= 1 && out.iamGround[i]! <= 1)) violations.push(i);
      if (!(out.effectiveIrradiance[i]! <= out.poaGlobal[i]! + 1e-9)) violations.push(i);
    }
    expect(violations).toEqual([]);
  });
});

describe('optics chain: tracker geometry', () => {
  const linear: OpticsChoices = {
    ...referenceChoices(),
    beamShading: { model: DirectBeamShadingModel.Linear },
  };
  it('backtracking gives 0 beam shading on flat and on sloped ground; true tracking does not', () => {
    const flat = run(linear, TRACKER);
    // ground descending east by 5°: βc = −5° for a N–S axis; with the sun below that ground line (low
    // in the west) the whole row is in the terrain's shadow (f = 1), which no rotation avoids
    const slope = run(linear, { ...TRACKER, groundSlope: { slopeTilt: 5, slopeAzimuth: 90 } });
    const tmy = greensboroTmy3().weather;
    let sunUp = 0;
    let belowGround = 0;
    for (let i = 0; i < flat.length; i++) {
      if (flat.poaBeam[i]! > 0) sunUp++;
      expect(flat.shadedFraction[i]!).toBeLessThanOrEqual(1e-12);
      if (Math.cos((slope.projectedZenith[i]! + 5) * DEG) > 0)
        expect(slope.shadedFraction[i]!).toBeLessThanOrEqual(1e-12);
      else if (slope.poaBeam[i]! > 0) belowGround++;
    }
    expect(sunUp).toBeGreaterThan(3000);
    expect(belowGround).toBeGreaterThan(0);
    const trueTracking = run(linear, {
      ...TRACKER,
      mounting: {
        ...(TRACKER.mounting as Extract<OpticsGeometry['mounting'], { type: 1 }>),
        control: DCFieldBacktrackingType.TrueTracking,
      },
    });
    expect(Math.max(...trueTracking.shadedFraction)).toBeGreaterThan(0.3);
    expect(tmy.time.length).toBe(8760);
  });

  it('tracking angles from a time series reproduce the tracker they came from', () => {
    const a = run(referenceChoices(), TRACKER);
    const m = TRACKER.mounting as Extract<OpticsGeometry['mounting'], { type: 1 }>;
    const b = run(
      referenceChoices(),
      { ...TRACKER, mounting: { ...m, control: DCFieldBacktrackingType.TimeSeries } },
      { ...greensboroTmy3().weather, trackingAngle: a.trackerTheta },
    );
    for (let i = 0; i < a.length; i++) {
      expect(b.trackerTheta[i]).toBeCloseTo(a.trackerTheta[i]!, 10);
      expect(b.poaGlobal[i]).toBeCloseTo(a.poaGlobal[i]!, 9);
    }
  });

  it('wind stow holds the stow angle while windy and for the dwell time after', () => {
    const out = run(referenceChoices(), TRACKER_FULL);
    const wind = greensboroTmy3().weather.windSpeed!;
    let stowed = 0;
    for (let i = 0; i < out.length; i++) {
      const windy = wind[i]! > 12 || (i > 0 && wind[i - 1]! > 12) || (i > 1 && wind[i - 2]! > 12);
      if (windy) {
        stowed++;
        expect(out.trackerTheta[i]).toBeCloseTo(30, 10);
      }
    }
    expect(stowed).toBeGreaterThan(0);
  });
});

describe('optics chain: every choice runs without NaN', () => {
  const seasonal: OpticsGeometry = {
    mounting: {
      type: DCFieldTrackingTypeEnum.SeasonalTilt,
      monthlyTilt: [45, 40, 35, 30, 20, 15, 15, 20, 30, 35, 40, 45],
      surfaceAzimuth: 180,
    },
    gcr: 0.4,
    collectorWidth: 4,
    bifacial: { postHeight: 2.5, bifacialityFactor: 0.65 },
  };
  const weatherSoiling = { ...greensboroTmy3().weather, soilingLoss: new Float64Array(8760).fill(3) };
  const cases: [string, OpticsChoices, OpticsGeometry][] = [
    [
      'Erbs, Hay, Sandia IAM, Sandia spectral, seasonal bifacial',
      {
        ...fullChoices(),
        decomposition: { model: DiffuseDirectDecompModelType.Erbs },
        transposition: { model: TranspositionModelType.Hay },
        iam: {
          model: IncidenceAngleModelType.Sandia,
          b0: 1,
          b1: -0.002438,
          b2: 0.0003103,
          b3: -1.246e-5,
          b4: 2.11e-7,
          b5: -1.36e-9,
        },
        spectral: {
          model: SpectralShiftModel.OneParameter,
          response: SpectralResponseEnum.Sandia,
          coefficients: { a0: 0.93, a1: 0.068, a2: -0.0158, a3: 0.00126, a4: -3.46e-5 },
        },
      },
      seasonal,
    ],
    [
      'Reindl (T, RH), tabular IAM, monthly spectral, file soiling and albedo',
      {
        ...fullChoices(),
        decomposition: { model: DiffuseDirectDecompModelType.Reindl, variant: 'ktElevationTempRh' },
        iam: {
          model: IncidenceAngleModelType.Tabular,
          angles: [0, 40, 60, 70, 80, 90],
          factors: [1, 0.995, 0.96, 0.9, 0.7, 0],
        },
        spectral: { model: SpectralShiftModel.MonthlyOverride, monthlyLoss: new Array<number>(12).fill(1) },
        soiling: { model: SoilingModelType.WeatherFile },
        useWeatherFileAlbedoData: true,
      },
      FIXED,
    ],
    [
      'DIRINT with file water, no IAM, FS 1-parameter, step fractional',
      {
        ...fullChoices(),
        decomposition: { model: DiffuseDirectDecompModelType.Dirint, water: 'precipitableWater' },
        iam: { model: IncidenceAngleModelType.None },
        spectral: {
          model: SpectralShiftModel.OneParameter,
          response: SpectralResponseEnum.FirstSolarSeries42AndLater,
          coefficients: { c0: 1.02, c1: -0.05, c2: -0.5, c3: 0, c4: 1 },
        },
        precipitableWater: SpectralWeatherType.PrecipitableWater,
        beamShading: { model: DirectBeamShadingModel.StepFractional, fractionalEffect: 75, fractions: 4 },
      },
      TRACKER_FULL,
    ],
  ];
  for (const [label, c, g] of cases) {
    it(label, () => {
      const out = run(c, g, weatherSoiling, true);
      for (const name of OPTICS_COLUMNS) expect(out[name].every(Number.isFinite), name).toBe(true);
      expect(out.poaAfterSpectral.reduce((a, b) => a + b, 0)).toBeGreaterThan(1e6);
    });
  }
});

describe('optics chain: precipitable water', () => {
  it('is computed only for a spectral model that reads it (First Solar forms), else 0', () => {
    const wet = run(fullChoices(), FIXED); // two-parameter First Solar, water from RH
    expect(wet.precipitableWater.some((v) => v > 0.5)).toBe(true);
    const dry = run({ ...fullChoices(), spectral: { model: SpectralShiftModel.None } }, FIXED);
    expect(dry.precipitableWater.every((v) => v === 0)).toBe(true);
    expect(dry.spectralFactor.every((v) => v === 1)).toBe(true);
    // The rest of the chain does not read it: the same irradiance before the spectral stage.
    expect(dry.poaAfterIam).toEqual(wet.poaAfterIam);
  });
});

describe('optics chain: time and allocation', () => {
  it('1-minute data: the sun at the middle of each minute, months in local standard time', () => {
    const n = 3 * 1440;
    const t0 = Date.UTC(1990, 5, 20, 5); // 1990-06-20 00:00 EST
    const time = Float64Array.from({ length: n }, (_, i) => t0 + (i + 1) * 60_000);
    const w: OpticsWeather = {
      time,
      convention: { definition: 'intervalEnd', intervalMinutes: 1 },
      utcOffsetHours: -5,
      ghi: new Float64Array(n).fill(300),
      tempAir: new Float64Array(n).fill(20),
      windSpeed: new Float64Array(n).fill(3),
    };
    const c: OpticsChoices = {
      ...fullChoices(),
      decomposition: { model: DiffuseDirectDecompModelType.Dirint },
      precipitableWater: SpectralWeatherType.None,
    };
    const out = run(c, TRACKER_FULL, w);
    for (let i = 0; i < n; i++) expect(out.sunTime[i]).toBe(time[i]! - 30_000);
    expect(out.month.every((m) => m === 6)).toBe(true);
    for (const name of OPTICS_COLUMNS) expect(out[name].every(Number.isFinite), name).toBe(true);
    const months = monthSeries(Float64Array.of(Date.UTC(1990, 0, 1, 4, 59)), -5, new Uint8Array(1));
    expect(months[0]).toBe(12);
  });

  it('reuses its scratch columns run after run (no allocation once sized)', () => {
    const g = greensboroTmy3();
    const p = prepareOptics(fullChoices(), g.site, TRACKER_FULL);
    const out: OpticsSeries = allocateOptics(8760);
    runOptics(p, g.weather, out);
    const work = p.work;
    const ktPrime = work.ktPrime;
    const copy = Float64Array.from(out.effectiveIrradiance);
    runOptics(p, g.weather, out);
    expect(p.work).toBe(work);
    expect(p.work.ktPrime).toBe(ktPrime);
    expect(out.effectiveIrradiance).toEqual(copy);
  });

  it('a second mounting at the same site copies the sun and decomposition: every column bit-identical', () => {
    const g = greensboroTmy3();
    const first = prepareOptics(fullChoices(), g.site, TRACKER_FULL);
    const firstOut = runOptics(first, g.weather, allocateOptics(8760));
    const from = { prepared: first, weather: g.weather, out: firstOut };
    for (const [choices, geometry] of [
      [fullChoices(), FIXED],
      [referenceChoices(), TRACKER],
      [{ ...referenceChoices(), decomposition: { model: DiffuseDirectDecompModelType.Erbs } }, FIXED],
    ] as const) {
      const alone = runOptics(prepareOptics(choices, g.site, geometry), g.weather, allocateOptics(8760));
      const shared = runOptics(
        prepareOptics(choices, g.site, geometry),
        g.weather,
        allocateOptics(8760),
        from,
      );
      for (const [key, column] of Object.entries(alone)) {
        if (ArrayBuffer.isView(column)) expect(shared[key as keyof OpticsSeries], key).toEqual(column);
      }
    }
    // Another site: nothing is copied.
    const elsewhere = { ...g.site, latitude: g.site.latitude + 1 };
    const moved = runOptics(
      prepareOptics(fullChoices(), elsewhere, FIXED),
      g.weather,
      allocateOptics(8760),
      from,
    );
    expect(moved.solarZenith).not.toEqual(firstOut.solarZenith);
  });

  it('a second mounting holds the shared columns by reference, equal to its own computation', () => {
    const g = greensboroTmy3();
    const first = prepareOptics(fullChoices(), g.site, TRACKER_FULL);
    const firstOut = runOptics(first, g.weather, allocateOptics(8760));
    const before = Float64Array.from(firstOut.effectiveIrradiance);
    const from = { prepared: first, weather: g.weather, out: firstOut };
    for (const [choices, geometry, expected] of [
      [fullChoices(), FIXED, ['solarZenith', 'ghi', 'spectralFactor']],
      [
        { ...fullChoices(), decomposition: { model: DiffuseDirectDecompModelType.Erbs } },
        FIXED,
        ['solarZenith'],
      ],
      [referenceChoices(), TRACKER, ['solarZenith']],
    ] as const) {
      const alone = runOptics(prepareOptics(choices, g.site, geometry), g.weather, allocateOptics(8760));
      const p = prepareOptics(choices, g.site, geometry);
      const cols = sharedOpticsColumns(p, g.weather, from);
      for (const k of expected) expect(cols[k], k).toBe(firstOut[k]);
      const shared = runOptics(p, g.weather, allocateOptics(8760, cols), from);
      for (const [key, column] of Object.entries(alone)) {
        if (ArrayBuffer.isView(column)) expect(shared[key as keyof OpticsSeries], key).toEqual(column);
      }
    }
    // The earlier run's result is untouched.
    expect(firstOut.effectiveIrradiance).toEqual(before);
    expect(
      sharedOpticsColumns(prepareOptics(fullChoices(), { ...g.site, latitude: 40 }, FIXED), g.weather, from),
    ).toEqual({});
    // Columns held by reference that this run would compute differently are refused.
    const other = prepareOptics(
      { ...fullChoices(), decomposition: { model: DiffuseDirectDecompModelType.Erbs } },
      g.site,
      FIXED,
    );
    expect(() => runOptics(other, g.weather, allocateOptics(8760, { ghi: firstOut.ghi }), from)).toThrow(
      /out.ghi belongs to the earlier run/,
    );
  });

  it("a run that shares the sun works in the earlier run's scratch and leaves its own chain unsized", () => {
    const g = greensboroTmy3();
    const first = prepareOptics(fullChoices(), g.site, TRACKER_FULL);
    const from = {
      prepared: first,
      weather: g.weather,
      out: runOptics(first, g.weather, allocateOptics(8760)),
    };
    const sunScratch = first.work.cosZenith;
    const alone = runOptics(prepareOptics(fullChoices(), g.site, FIXED), g.weather, allocateOptics(8760));
    const later = prepareOptics(fullChoices(), g.site, FIXED);
    const shared = runOptics(later, g.weather, allocateOptics(8760), from);
    expect(later.work.length).toBe(0);
    expect(first.work.cosZenith).toBe(sunScratch);
    expect(shared.effectiveIrradiance).toEqual(alone.effectiveIrradiance);
    // The same chain run on its own afterwards sizes its own scratch and computes the same.
    const again = runOptics(later, g.weather, allocateOptics(8760));
    expect(later.work.length).toBe(8760);
    expect(later.work.cosZenith).not.toBe(sunScratch);
    for (const [key, column] of Object.entries(alone)) {
      if (ArrayBuffer.isView(column)) expect(again[key as keyof OpticsSeries], key).toEqual(column);
    }
    // A third mounting still finds the first run's sun scratch intact.
    const third = runOptics(
      prepareOptics(referenceChoices(), g.site, TRACKER),
      g.weather,
      allocateOptics(8760),
      from,
    );
    const thirdAlone = runOptics(
      prepareOptics(referenceChoices(), g.site, TRACKER),
      g.weather,
      allocateOptics(8760),
    );
    expect(third.effectiveIrradiance).toEqual(thirdAlone.effectiveIrradiance);
  });

  it('rejects missing columns and inconsistent choices with a message', () => {
    const g = greensboroTmy3();
    const { ghi: _ghi, ...noGhi } = g.weather;
    const p = prepareOptics(
      { ...referenceChoices(), decomposition: { model: DiffuseDirectDecompModelType.Erbs } },
      g.site,
      FIXED,
    );
    expect(() => runOptics(p, noGhi, allocateOptics(8760))).toThrow(/needs weather.ghi/);
    expect(() => prepareOptics({ ...referenceChoices(), monthlyAlbedo: [0.2] }, g.site, FIXED)).toThrow(/12/);
    expect(() =>
      prepareOptics(referenceChoices(), g.site, {
        ...FIXED,
        bifacial: { postHeight: 2, bifacialityFactor: 0.7 },
      }),
    ).toThrow(/collectorWidth/);
    expect(() =>
      runOptics(prepareOptics(referenceChoices(), g.site, FIXED), g.weather, allocateOptics(10)),
    ).toThrow(/rows/);
  });
});
