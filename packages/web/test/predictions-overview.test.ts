import { describe, expect, it } from 'vitest';
import { WARNING } from '@sunfield/domain';
import type { PowerPlant, Prediction } from '../src/screens/predictions/model/types.ts';
import {
  formatQuantity,
  lastResults,
  modelChoiceWords,
  pickWeather,
  plantEquipment,
  totalsOf,
  weatherFactsOf,
} from '../src/screens/predictions/pages/overview/model.ts';

const prediction = (fields: Partial<Prediction> = {}): Prediction =>
  ({
    id: 1,
    projectId: 2,
    name: 'Base',
    start: '2020-01-01T00:00:00.000Z',
    end: '2020-12-31T23:00:00.000Z',
    timeZone: -5,
    transpositionModel: 0,
    diffuseDirectDecompModel: 0,
    useMeteoPOAI: false,
    ...fields,
  }) as Prediction;

const weather = {
  id: 9,
  name: 'Greensboro TMY3',
  startDate: '1988-01-01T01:00:00.000Z',
  endDate: '1990-12-31T23:00:00.000Z',
  timeZone: -5,
  planeOfArrayIrradianceSum: null,
  directNormalIrradianceSum: 1650.2,
  diffuseHorizontalIrradianceSum: 610.4,
};

describe('picking a weather file (spec 1 §4, spec 2 §8.4)', () => {
  it('sets the weather, its dates, no meteo POA with no decomposition and Perez, and warns about the dates', () => {
    const { prediction: next, warnings } = pickWeather(prediction(), weather, -5);
    expect(next).toMatchObject({
      weatherId: 9,
      start: weather.startDate,
      end: weather.endDate,
      useMeteoPOAI: false,
      diffuseDirectDecompModel: 3,
      transpositionModel: 1,
    });
    expect(warnings).toEqual([WARNING.weatherDatesAdjusted]);
    expect(WARNING.weatherDatesAdjusted).toBe(
      'The start and end date of the prediction have been adjusted to match the newly selected weather file.',
    );
  });

  it('uses meteo POA with DIRINT and Perez for a file with plane-of-array irradiance', () => {
    const { prediction: next } = pickWeather(
      prediction(),
      { ...weather, planeOfArrayIrradianceSum: 1900 },
      -5,
    );
    expect(next).toMatchObject({ useMeteoPOAI: true, diffuseDirectDecompModel: 2, transpositionModel: 1 });
  });

  it('needs a decomposition (DIRINT) when the file has neither POA nor DNI and DHI', () => {
    const ghiOnly = { ...weather, directNormalIrradianceSum: null, diffuseHorizontalIrradianceSum: null };
    expect(weatherFactsOf(ghiOnly)).toMatchObject({ hasPoa: false, hasDniDhi: false });
    expect(pickWeather(prediction(), ghiOnly, -5).prediction.diffuseDirectDecompModel).toBe(2);
  });

  it('warns when the file’s time zone differs from the project’s, and not about unchanged dates', () => {
    const same = prediction({ start: weather.startDate, end: weather.endDate });
    expect(pickWeather(same, weather, -5).warnings).toEqual([]);
    expect(pickWeather(same, { ...weather, timeZone: -6 }, -5).warnings).toEqual([
      'Weather file time zone (-6) is different than the project location time zone (-5) and may skew your results.',
    ]);
    // Without the project's offset, the prediction's time zone is the project's.
    expect(pickWeather(same, { ...weather, timeZone: 1 }, null).warnings).toHaveLength(1);
  });

  it('does not change the prediction it was given', () => {
    const before = prediction();
    const copy = structuredClone(before);
    pickWeather(before, weather, -5);
    expect(before).toEqual(copy);
  });
});

describe('the overview summary', () => {
  const plant: PowerPlant = {
    blocks: [1, 2].map((b) => ({
      name: b,
      repeater: 1,
      arrays: [
        {
          name: 1,
          repeater: 2,
          inverters: [
            {
              name: 'A',
              repeater: 1,
              inverterId: 5,
              inverter: { name: 'SMA SC 2500' },
              setpointkW: 2500,
              dcFields: [
                {
                  name: 1,
                  moduleId: 7,
                  module: { name: 'CS3U-400MS' },
                  fieldDcPower: 3000,
                  modulesWiredInSeries: 25,
                  numberOfSeriesStringsWiredInParallel: 300,
                },
                { name: 2, moduleId: 8, fieldDcPower: 100 },
              ],
            },
          ],
        },
      ],
    })),
  };

  it('lists the modules and inverters by name with the nodes that use them', () => {
    expect(plantEquipment(plant)).toEqual({
      modules: [
        { id: 7, name: 'CS3U-400MS', nodes: 2 },
        { id: 8, name: 'Module 8', nodes: 2 },
      ],
      inverters: [{ id: 5, name: 'SMA SC 2500', nodes: 2 }],
    });
    expect(plantEquipment(null)).toEqual({ modules: [], inverters: [] });
  });

  it('counts the plant with its repeaters (domain plantTotals)', () => {
    const totals = totalsOf(plant)!;
    expect(totals).toMatchObject({ blocks: 2, arrays: 2, inverters: 2, dcFields: 4, inverterCount: 4 });
    expect(totals.dcCapacityKw).toBe(4 * 3100);
    expect(totals.acCapacityKw).toBe(4 * 2500);
    expect(totalsOf(null)).toBeNull();
  });

  it('shows quantities in the user’s unit system', () => {
    expect(formatQuantity(-12, 'celsius', 'metric', 1)).toBe('-12.0 °C');
    expect(formatQuantity(-12, 'celsius', 'imperial', 1)).toBe('10.4 °F');
    expect(formatQuantity(273, 'metre', 'imperial')).toBe('895.67 ft');
    expect(formatQuantity(null, 'metre', 'metric')).toBe('--');
  });

  it('names the model choices in words', () => {
    const words = Object.fromEntries(
      modelChoiceWords({
        transpositionModel: 1,
        diffuseDirectDecompModel: 2,
        useMeteoPOAI: true,
        modTempModel: 0,
      }),
    );
    expect(words).toMatchObject({
      Transposition: 'Perez',
      Decomposition: 'DIRINT',
      'Meteo plane-of-array irradiance': 'Used',
      'Module temperature': 'Heat Balance',
      'Air mass': 'Not set',
    });
  });

  it('reads the first-year P50 figures of the last results, null before a run', () => {
    expect(lastResults(null)).toBeNull();
    expect(lastResults({ acSize: 1, dcSize: 1, years: [] })).toBeNull();
    const results = lastResults({
      acSize: 1,
      dcSize: 1,
      years: [
        {
          year: 1,
          totalEnergy: 1,
          summaryFactors: [
            { pValue: 90, plantNetEnergy: 0.1 },
            {
              pValue: 50,
              plantNetEnergy: 0.152,
              specificYieldDC: 1496.2,
              performanceRatio: 81.2,
              acCapacityFactor: 24.5,
            },
          ],
        },
      ],
    });
    expect(results).toEqual({
      year: 1,
      energyMwh: 152,
      specificYieldDc: 1496.2,
      performanceRatio: 81.2,
      capacityFactor: 24.5,
    });
  });
});
