import { describe, expect, it } from 'vitest';
import { definitionsCatalog, transmissionLineResistance } from '@sunfield/domain';
import type { Json, MonthlyFactor, PowerPlant } from '../src/screens/predictions/model/types.ts';
import { effectiveTemperatureModel } from '../src/screens/predictions/builder/editors/DcFieldSections.tsx';
import {
  isMultiValuePaste,
  parseGrid,
  rangeProblem,
} from '../src/screens/predictions/pages/settings/fieldRules.ts';
import {
  addHorizonPoint,
  fillMonthlyColumn,
  horizonProblems,
  horizonProfile,
  isHorizonSorted,
  monthlyMean,
  monthlyProblems,
  pasteHorizon,
  pasteMonthlyColumn,
  removeHorizonPoint,
  setHorizonValue,
  setMonthlyValue,
  sortHorizon,
  twelveMonths,
} from '../src/screens/predictions/pages/settings/environmentModel.ts';
import {
  addRateRow,
  applicable,
  duplicateYears,
  enumOptions,
  parsePValues,
  pValueShares,
  setMeteoDni,
  setMeteoPoa,
  totalUncertainty,
  uncertaintyPercent,
  uncertaintyTerms,
  weatherHolds,
} from '../src/screens/predictions/pages/settings/modelChoicesModel.ts';
import {
  addElement,
  applyComputedResistance,
  chainText,
  computedResistances,
  duplicateOrdinals,
  followsComputation,
  nextOrdinal,
  plantFacts,
  removeElement,
  setElementValue,
} from '../src/screens/predictions/pages/settings/systemModel.ts';
import {
  columnCount,
  exportFlagsOf,
  exportOptionsPayload,
  exportSummary,
  foldExportFlags,
  sameFlags,
  setBlockFlag,
  setColumn,
} from '../src/screens/predictions/pages/settings/exportOptionsModel.ts';
import {
  horizonOption,
  monthlyFactorsOption,
} from '../src/screens/predictions/pages/settings/chartOptions.ts';

describe('settings field rules', () => {
  it('checks ranges with the API wording, in the user’s units', () => {
    expect(rangeProblem(50, { min: 0, max: 100 }, { symbol: '%' }, 'metric')).toBeNull();
    expect(rangeProblem(120, { min: 0, max: 100 }, { symbol: '%' }, 'metric')).toBe(
      'Must be a number from 0 to 100 %.',
    );
    expect(rangeProblem(null, { min: 0, max: 1 }, {}, 'metric')).toBeNull();
    expect(rangeProblem(null, { min: 0, max: 1, required: true }, {}, 'metric')).toBe('Required.');
    expect(rangeProblem(0, { min: 0, max: 10, minExclusive: true }, { symbol: 'MVA' }, 'metric')).toBe(
      'Must be greater than 0 and at most 10 MVA.',
    );
    expect(rangeProblem(2.5, { min: 1, max: 20, integer: true }, {}, 'metric')).toBe(
      'Must be a whole number from 1 to 20.',
    );
    // 2000 km shown as miles
    expect(rangeProblem(2500, { min: 0, max: 2000 }, { unit: 'kilometre' }, 'imperial')).toBe(
      'Must be a number from 0 to 1242.74 mi.',
    );
  });

  it('reads spreadsheet pastes', () => {
    expect(parseGrid('1\n2,5\n')).toBeNull();
    expect(parseGrid('1\r\n2.5\r\n3%')).toEqual([[1], [2.5], [3]]);
    expect(parseGrid('0\t5\n90\t7')).toEqual([
      [0, 5],
      [90, 7],
    ]);
    expect(parseGrid('abc')).toBeNull();
    expect(isMultiValuePaste('1\n2')).toBe(true);
    expect(isMultiValuePaste('1.5')).toBe(false);
  });
});

describe('monthly factors', () => {
  const stored: MonthlyFactor[] = [
    { id: 7, month: 2, monthName: 'Feb', soilingLoss: 2, albedo: 0.25, spectralShift: 0 },
    { id: 6, month: 1, monthName: 'Jan', soilingLoss: 1, albedo: 0.2, spectralShift: 0 },
  ];

  it('always shows twelve months, keeping stored rows (and their ids)', () => {
    const rows = twelveMonths(stored);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toBe(stored[1]);
    expect(rows[1]).toBe(stored[0]);
    expect(rows[11]).toMatchObject({ month: 12, monthName: 'Dec', soilingLoss: null, albedo: null });
    expect(twelveMonths(null).map((r) => r.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('edits one value into a new list, other rows untouched', () => {
    const next = setMonthlyValue(stored, 2, 'albedo', 0.3);
    expect(next).not.toBe(stored);
    expect(next[1]).toMatchObject({ id: 7, albedo: 0.3, soilingLoss: 2 });
    expect(next[0]).toBe(stored[1]);
    expect(stored[0]!.albedo).toBe(0.25);
  });

  it('pastes a column from a month down and fills a column', () => {
    const pasted = pasteMonthlyColumn(stored, 11, 'soilingLoss', '4\n5\n6\n7')!;
    expect(pasted.map((r) => r.soilingLoss)).toEqual([
      1,
      2,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      4,
      5,
    ]);
    expect(pasteMonthlyColumn(stored, 1, 'albedo', '0.2\tx')).toBeNull();
    const filled = fillMonthlyColumn(stored, 'albedo', 0.22);
    expect(filled.every((r) => r.albedo === 0.22)).toBe(true);
    expect(monthlyMean(filled, 'albedo')).toBeCloseTo(0.22);
    expect(monthlyMean(null, 'albedo')).toBeNull();
  });

  it('flags values out of range', () => {
    const bad = setMonthlyValue(setMonthlyValue(stored, 1, 'albedo', 1.2), 3, 'soilingLoss', -1);
    expect(monthlyProblems(bad)).toEqual({
      '1.albedo': 'Must be a number from 0 to 1.',
      '3.soilingLoss': 'Must be a number from 0 to 100 %.',
    });
    expect(monthlyProblems(setMonthlyValue(stored, 4, 'spectralShift', -3))).toEqual({});
  });

  it('charts the three columns by month', () => {
    const option = monthlyFactorsOption(stored, true);
    expect(option.series.map((s) => s.name)).toEqual(['Soiling loss (%)', 'Spectral shift (%)', 'Albedo']);
    expect((option.series[2]!.data as unknown[]).slice(0, 3)).toEqual([0.2, 0.25, null]);
    expect(monthlyFactorsOption(stored, false).series).toHaveLength(2);
  });
});

describe('horizon profile', () => {
  const points = [
    { azimuth: 180, elevation: 10 },
    { azimuth: 90, elevation: 5 },
  ];

  it('adds, edits, removes and sorts points', () => {
    const added = addHorizonPoint(points);
    expect(added[2]).toEqual({ azimuth: 100, elevation: 5 });
    expect(addHorizonPoint([])).toEqual([{ azimuth: 0, elevation: 0 }]);
    expect(addHorizonPoint([{ azimuth: 355, elevation: 2 }])[1]).toEqual({ azimuth: 360, elevation: 2 });
    const edited = setHorizonValue(points, 1, 'elevation', 6);
    expect(edited[1]).toEqual({ azimuth: 90, elevation: 6 });
    expect(edited[0]).toBe(points[0]);
    expect(removeHorizonPoint(points, 0)).toEqual([points[1]]);
    expect(isHorizonSorted(points)).toBe(false);
    const sorted = sortHorizon([...points, { azimuth: null, elevation: 1 }]);
    expect(sorted.map((p) => p.azimuth)).toEqual([90, 180, null]);
    expect(isHorizonSorted(sortHorizon(points))).toBe(true);
  });

  it('flags azimuths outside 0–360 and elevations outside 0–90', () => {
    expect(
      horizonProblems([
        { azimuth: 400, elevation: 5 },
        { azimuth: 10, elevation: 95 },
        { azimuth: null, elevation: 1 },
      ]),
    ).toEqual({
      '0.azimuth': 'Must be a number from 0 to 360 °.',
      '1.elevation': 'Must be a number from 0 to 90 °.',
      '2.azimuth': 'Required.',
    });
  });

  it('pastes two columns as rows, or one column into the cell’s key', () => {
    const two = pasteHorizon(points, 1, 'azimuth', '90\t4\n270\t8')!;
    expect(two).toEqual([points[0], { azimuth: 90, elevation: 4 }, { azimuth: 270, elevation: 8 }]);
    const one = pasteHorizon(points, 0, 'elevation', '1\n2')!;
    expect(one.map((p) => p.elevation)).toEqual([1, 2]);
    expect(pasteHorizon(points, 0, 'azimuth', 'north')).toBeNull();
  });

  it('draws the line the engine interpolates, wrapping round north', () => {
    const profile = horizonProfile(points, 45);
    expect(profile.map(([az]) => az)).toEqual([0, 45, 90, 135, 180, 225, 270, 315, 360]);
    expect(profile[2]).toEqual([90, 5]);
    expect(profile[3]![1]).toBeCloseTo(7.5);
    expect(profile[4]).toEqual([180, 10]);
    // from 180° (10°) round to 90° + 360° (5°): 270° is a third of the way
    expect(profile[6]![1]).toBeCloseTo(10 - 5 / 3);
    expect(profile[0]![1]).toBeCloseTo(profile[8]![1]);
    expect(horizonProfile([{ azimuth: 500, elevation: 3 }])).toEqual([]);
    const option = horizonOption(points);
    expect(option.series[1]!.data).toEqual([
      [180, 10],
      [90, 5],
    ]);
  });
});

describe('model choices', () => {
  const definitions = definitionsCatalog();

  it('offers the served enumerations, only the values the engine runs (keeping the current one)', () => {
    expect(enumOptions(definitions, 'TranspositionModelType')).toEqual([
      { value: '0', label: 'Hay' },
      { value: '1', label: 'Perez' },
      { value: '100', label: 'Isotropic' },
      { value: '101', label: 'Reindl' },
      { value: '102', label: 'Klucher' },
    ]);
    expect(enumOptions(definitions, 'ModuleTemperatureModelType').map((o) => o.label)).toEqual([
      'Heat Balance',
      'Sandia',
      'NOCT',
      'DC-field-defined',
      'Faiman',
      'PVsyst',
      'Fuentes',
    ]);
    expect(enumOptions(definitions, 'DirectBeamShadingModel').map((o) => o.value)).toEqual([
      '0',
      '1',
      '3',
      '5',
      '6',
    ]);
    expect(enumOptions(definitions, 'DirectBeamShadingModel', 4).map((o) => o.value)).toContain('4');
    expect(enumOptions(definitions, 'SoilingModelType').map((o) => o.label)).toEqual([
      'Constant Monthly',
      'None',
    ]);
    expect(enumOptions(definitions, 'DiffuseDirectDecompModelType').map((o) => o.label)).toEqual([
      'Erbs',
      'Reindl',
      'DIRINT',
    ]);
    // served list wins; the domain catalog before it has loaded
    const served = [{ type: 'AirMassModelType', values: [{ id: 0, name: 'Served' }] }];
    expect(enumOptions(served, 'AirMassModelType')).toEqual([{ value: '0', label: 'Served' }]);
    expect(enumOptions(undefined, 'AirMassModelType')).toHaveLength(2);
  });

  it('shows only the inputs that apply', () => {
    const base: Json = { transpositionModel: 1, diffuseDirectDecompModel: 2, useMeteoPOAI: false };
    const none = weatherHolds(null);
    const a = applicable(base, none);
    expect(a).toMatchObject({
      perezCoefficients: true,
      decomposition: true,
      meteoDni: true,
      meteoPoa: true,
      backsidePoa: false,
      spectralWeatherType: false,
      fractionalEffect: false,
      nonLinearRates: false,
      linearDegradation: false,
      leTidRates: false,
    });
    expect(applicable({ ...base, transpositionModel: 0 }, none).perezCoefficients).toBe(false);
    const poa = applicable({ ...base, useMeteoPOAI: true }, none);
    expect(poa).toMatchObject({ decomposition: false, meteoDni: false, backsidePoa: true });
    expect(applicable({ ...base, diffuseDirectDecompModel: 3 }, none).decomposition).toBe(false);
    expect(applicable({ ...base, spectralShiftModel: 2 }, none).spectralWeatherType).toBe(true);
    expect(applicable({ ...base, spectralShiftModel: 3 }, none).monthlySpectral).toBe(true);
    expect(applicable({ ...base, directBeamShadingModel: 3 }, none)).toMatchObject({
      fractionalEffect: true,
      moduleFractions: false,
    });
    expect(applicable({ ...base, directBeamShadingModel: 6 }, none).moduleFractions).toBe(true);
    expect(applicable({ ...base, degradationModel: 4 }, none)).toMatchObject({
      nonLinearRates: true,
      linearDegradation: false,
    });
    expect(applicable({ ...base, degradationModel: 1 }, none).linearDegradation).toBe(true);
    expect(applicable({ ...base, enableLeTID: true }, none).leTidRates).toBe(true);
    // a weather file without POA hides meteo POA; without DNI/DHI hides meteo DNI
    const file = weatherHolds({
      planeOfArrayIrradianceSum: null,
      directNormalIrradianceSum: 0,
      diffuseHorizontalIrradianceSum: 500,
      hasAlbedoData: true,
    });
    expect(file).toEqual({ poa: false, dniDhi: false, albedo: true });
    expect(applicable(base, file)).toMatchObject({ meteoPoa: false, meteoDni: false, weatherAlbedo: true });
  });

  it('couples meteo DNI with the decomposition and meteo POA with DIRINT', () => {
    const p: Json = { diffuseDirectDecompModel: 0, useMeteoDni: false };
    expect(setMeteoDni(p, true)).toMatchObject({ useMeteoDni: true, diffuseDirectDecompModel: 3 });
    expect(setMeteoDni({ ...p, diffuseDirectDecompModel: 3 }, false)).toMatchObject({
      useMeteoDni: false,
      diffuseDirectDecompModel: 2,
    });
    expect(setMeteoDni(p, false).diffuseDirectDecompModel).toBe(0);
    expect(setMeteoPoa(p, true)).toMatchObject({ useMeteoPOAI: true, diffuseDirectDecompModel: 2 });
    expect(setMeteoPoa({ ...p, useBacksidePOAI: true }, false)).toMatchObject({
      useMeteoPOAI: false,
      useBacksidePOAI: false,
    });
  });

  it('reads P-values with the API’s messages', () => {
    expect(parsePValues(['90', '50', 'P99'])).toEqual({ values: [50, 90, 99], problem: null });
    expect(parsePValues(['50', '50']).problem).toBe('P-values must differ.');
    expect(parsePValues(['0']).problem).toBe('Each P-value must be a whole number from 1 to 99.');
    expect(parsePValues(['12.5']).values).toEqual([]);
    const many = Array.from({ length: 21 }, (_, i) => String(i + 1));
    expect(parsePValues(many)).toMatchObject({ problem: 'Must have at most 20 P-values.' });
    expect(parsePValues(many).values).toHaveLength(20);
  });

  it('adds degradation years after the last and finds duplicates', () => {
    expect(addRateRow([])).toEqual([{ year: 0, degradationRate: 0.5 }]);
    expect(addRateRow([{ year: 0, degradationRate: 2 }])[1]).toEqual({ year: 1, degradationRate: 2 });
    expect([
      ...duplicateYears([
        { year: 1, degradationRate: 1 },
        { year: 1, degradationRate: 2 },
      ]),
    ]).toEqual([1]);
  });
});

describe('uncertainty', () => {
  it('multiplies a percentage typed below 1 by 100 (spec 1 §5)', () => {
    expect(uncertaintyPercent(0.05)).toBe(5);
    expect(uncertaintyPercent(0.029)).toBe(2.9);
    expect(uncertaintyPercent(0)).toBe(0);
    expect(uncertaintyPercent(1)).toBe(1);
    expect(uncertaintyPercent(2.9)).toBe(2.9);
    expect(uncertaintyPercent(null)).toBeNull();
  });

  it('totals the terms by root-sum-square (engine), defaults where blank', () => {
    const p = { errorIntAnnVar: 3, errorSensAcc: 5, errorMonAcc: 2, errorSpaVar: 2, errorModelAcc: 2.9 };
    const total = totalUncertainty(p);
    expect(total.irradiance).toBeCloseTo(Math.sqrt(42), 10);
    expect(total.total).toBeCloseTo(7.1, 10);
    expect(uncertaintyTerms({ errorIntAnnVar: 4 }).defaulted).toEqual([
      'errorSensAcc',
      'errorMonAcc',
      'errorSpaVar',
      'errorModelAcc',
    ]);
    const shares = pValueShares([50, 90], 7.1);
    expect(shares[0]!.share).toBeCloseTo(100, 10);
    expect(shares[1]!.share).toBeCloseTo(100 * (1 - 1.2815515655446004 * 0.071), 6);
  });
});

const plantWith = (extra: Partial<PowerPlant> = {}): PowerPlant => ({
  blocks: [
    {
      name: 1,
      repeater: 2,
      arrays: [
        {
          name: 1,
          repeater: 1,
          transformerEnabled: true,
          transformerHighSideVoltage: 34.5,
          inverters: [{ name: 'A', repeater: 5, inverterId: 1, setpointkW: 3000, dcFields: [] }],
        },
      ],
    },
  ],
  ...extra,
});

describe('system: transformers and transmission lines', () => {
  it('computes each line’s resistance from the transformer before it, else the plant', () => {
    const plant = plantWith({
      transformers: [{ ordinal: 2, rating: 40, highSideVoltage: 138, noLoadLoss: 0.2, fullLoadLoss: 0.7 }],
      transmissionLines: [
        { ordinal: 1, length: 1, resistance: null, numberOfConductorsPerPhase: 1 },
        { ordinal: 3, length: 5, resistance: null, numberOfConductorsPerPhase: 1 },
      ],
    });
    const [first, second] = computedResistances(plant);
    // line 1: the plant's 30 MW at 34.5 kV; line 3: transformer 2
    expect(first!.transformerOrdinal).toBeNull();
    expect(first!.resistance).toBe(transmissionLineResistance({ apparentPowerMva: 30, voltageKv: 34.5 }));
    expect(second!.transformerOrdinal).toBe(2);
    expect(second!.resistance).toBe(transmissionLineResistance({ apparentPowerMva: 40, voltageKv: 138 }));
    expect(Number.isInteger(second!.resistance * 1e5)).toBe(true);
    expect(nextOrdinal(plant)).toBe(4);
    expect(chainText(plant)).toBe('Plant → Line 1 → Transformer 2 → Line 3 → Point of interconnection');
    expect(plantFacts(plant)).toMatchObject({ acMw: 30, maxArrayVoltageKv: 34.5 });
  });

  it('writes the computed resistance into lines that follow it, and keeps typed ones', () => {
    let plant = addElement(plantWith(), 'transformers');
    expect(plant.transformers).toEqual([
      { ordinal: 1, rating: 30, highSideVoltage: 138, noLoadLoss: 0.2, fullLoadLoss: 0.7 },
    ]);
    plant = addElement(plant, 'transmissionLines');
    plant = addElement(plant, 'transmissionLines');
    const computed = transmissionLineResistance({ apparentPowerMva: 30, voltageKv: 138 });
    expect(plant.transmissionLines!.map((l) => l.resistance)).toEqual([computed, computed]);
    // the user types a resistance on line 2: theirs
    plant = setElementValue(plant, 'transmissionLines', 1, 'resistance', 0.2);
    expect(followsComputation(0.2, computed)).toBe(false);
    // a transformer edit recomputes line 1 only
    plant = setElementValue(plant, 'transformers', 0, 'highSideVoltage', 69);
    const now = transmissionLineResistance({ apparentPowerMva: 30, voltageKv: 69 });
    expect(plant.transmissionLines!.map((l) => l.resistance)).toEqual([now, 0.2]);
    // 'Use computed' brings line 2 back
    plant = applyComputedResistance(plant, 1);
    expect(plant.transmissionLines![1]!.resistance).toBe(now);
    // removing line 1 keeps line 2 following
    const removed = removeElement(
      setElementValue(plant, 'transmissionLines', 0, 'resistance', 9),
      'transmissionLines',
      0,
    );
    expect(removed.transmissionLines).toHaveLength(1);
    expect(removed.transmissionLines![0]!.resistance).toBe(now);
  });

  it("starts new transformers and lines from the company's system-detail defaults", () => {
    const system = { rating: 50, highSideVoltage: 230, noLoadLoss: 0.1, fullLoadLoss: 0.5, length: 4 };
    let plant = addElement(plantWith(), 'transformers', system);
    expect(plant.transformers).toEqual([
      { ordinal: 1, rating: 50, highSideVoltage: 230, noLoadLoss: 0.1, fullLoadLoss: 0.5 },
    ]);
    plant = addElement(plant, 'transmissionLines', system);
    expect(plant.transmissionLines![0]).toMatchObject({
      ordinal: 2,
      length: 4,
      numberOfConductorsPerPhase: 1,
    });
    expect(plant.transmissionLines![0]!.resistance).toBe(
      transmissionLineResistance({ apparentPowerMva: 50, voltageKv: 230 }),
    );
    // A company resistance is kept as typed.
    plant = addElement(plant, 'transmissionLines', {
      ...system,
      resistance: 0.3,
      numberOfConductorsPerPhase: 2,
    });
    expect(plant.transmissionLines![1]).toMatchObject({ resistance: 0.3, numberOfConductorsPerPhase: 2 });
  });

  it('finds ordinals used twice', () => {
    const plant = plantWith({
      transformers: [{ ordinal: 1, rating: 1, highSideVoltage: 1, noLoadLoss: 0, fullLoadLoss: 0 }],
      transmissionLines: [{ ordinal: 1, length: 1, resistance: null, numberOfConductorsPerPhase: 1 }],
    });
    expect([...duplicateOrdinals(plant)]).toEqual([1]);
  });
});

describe('nodal export options', () => {
  const plant: PowerPlant = {
    exportSystem: true,
    blocks: [
      {
        name: 1,
        repeater: 1,
        arrays: [],
        nodalExportOptions: { id: 4, exportBlock: true, exportArrays: false },
      },
      { name: 2, repeater: 3, arrays: [] },
    ],
  };

  it('reads the flags, edits them and builds the PUT body', () => {
    const flags = exportFlagsOf(plant);
    expect(flags).toEqual({
      exportSystem: true,
      exportESS: false,
      blocks: [
        {
          name: 1,
          repeater: 1,
          exportBlock: true,
          exportArrays: false,
          exportInverters: false,
          exportDCFields: false,
        },
        {
          name: 2,
          repeater: 3,
          exportBlock: false,
          exportArrays: false,
          exportInverters: false,
          exportDCFields: false,
        },
      ],
    });
    const edited = setColumn(setBlockFlag(flags, 1, 'exportArrays', true), 'exportDCFields', true);
    expect(columnCount(edited, 'exportDCFields')).toBe(2);
    expect(columnCount(edited, 'exportArrays')).toBe(1);
    expect(sameFlags(flags, exportFlagsOf(plant))).toBe(true);
    expect(sameFlags(flags, edited)).toBe(false);
    expect(exportOptionsPayload(edited)).toEqual({
      exportSystem: true,
      exportESS: false,
      blockExportOptions: [
        { name: 1, exportBlock: true, exportArrays: false, exportInverters: false, exportDCFields: true },
        { name: 2, exportBlock: false, exportArrays: true, exportInverters: false, exportDCFields: true },
      ],
    });
    expect(exportSummary(edited)).toBe(
      'A run keeps the series of the system, 1 of 2 blocks, the arrays of 1 block, the DC fields of 2 blocks.',
    );
    expect(exportSummary(exportFlagsOf({ blocks: [] }))).toMatch(/no nodal series/);
  });

  it('folds saved flags into a plant, keeping the other nodal options and untouched blocks', () => {
    const flags = setBlockFlag(exportFlagsOf(plant), 1, 'exportInverters', true);
    const folded = foldExportFlags(plant, { ...flags, exportESS: true });
    expect(folded.exportESS).toBe(true);
    expect(folded.blocks[1]!.nodalExportOptions).toEqual({
      exportBlock: false,
      exportArrays: false,
      exportInverters: true,
      exportDCFields: false,
    });
    expect(folded.blocks[0]!.nodalExportOptions).toMatchObject({
      id: 4,
      exportBlock: true,
      exportDCFields: false,
    });
    const complete = foldExportFlags(folded, flags);
    expect(complete.blocks[1]).toBe(folded.blocks[1]);
  });
});

describe("the DC field's cell temperature model", () => {
  it("runs the field's own model only when the prediction's is DC-field-defined", () => {
    expect(effectiveTemperatureModel(3, 100)).toBe(100);
    expect(effectiveTemperatureModel(3, undefined)).toBe(0);
    expect(effectiveTemperatureModel(0, 100)).toBe(0);
    expect(effectiveTemperatureModel(102, 1)).toBe(102);
    expect(effectiveTemperatureModel(undefined, 2)).toBe(0);
  });
});
