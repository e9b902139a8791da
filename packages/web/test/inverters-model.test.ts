import { describe, expect, it } from 'vitest';
import {
  addCurve,
  addPoint,
  chartSeries,
  describeErrors,
  fromDraft,
  removePoint,
  sameDraft,
  setPoint,
  sortCurves,
  toDraft,
} from '../src/screens/inverters/model/draft.ts';
import {
  DEFAULT_LIBRARY_PARAMS,
  buildLibraryQuery,
  parseInverterId,
  rangeLabel,
  readLibraryParams,
  toggleSort,
  writeLibraryParams,
} from '../src/screens/inverters/model/listParams.ts';
import { newInverterFields } from '../src/screens/inverters/model/newInverter.ts';
import type { InverterFields } from '../src/screens/inverters/model/types.ts';

const sample: InverterFields = {
  id: 7,
  name: 'CPS 250',
  manufacturer: 'ChintPower',
  model: 'SCH275',
  status: 1,
  isReadOnly: false,
  source: 'OND file (a.OND)',
  powerRated: 250,
  apparentPower: 275,
  maxAbsoluteVoltage: 1500,
  maxElevation: 1000,
  usekVACurves: true,
  efficiencyCurves: [
    {
      voltage: 880,
      efficiencyPoints: [
        { power: 25, efficiency: 97.2 },
        { power: 12.5, efficiency: 96.06 },
      ],
    },
  ],
  kVACurves: [{ elevation: 0, kVAPoints: [{ temperature: 40, kVA: 250 }] }],
  pqCurves: [],
};

describe('inverter draft', () => {
  it('round-trips the API shape, dropping library fields and keeping the rest', () => {
    const { payload, errors } = fromDraft(toDraft(sample));
    expect(errors).toEqual({});
    expect(payload.id).toBeUndefined();
    expect(payload.status).toBeUndefined();
    expect(payload.isReadOnly).toBeUndefined();
    expect(payload.source).toBe('OND file (a.OND)');
    expect(payload.name).toBe('CPS 250');
    expect(payload.powerRated).toBe(250);
    expect(payload.efficiencyCurves).toEqual(sample.efficiencyCurves);
    expect(payload.kVACurves).toEqual(sample.kVACurves);
    expect(payload.usekVACurves).toBe(true);
    expect(payload.usePQCurves).toBe(false);
  });

  it('shows temperatures and elevations in imperial units and stores them back exactly', () => {
    const draft = toDraft(sample, 'imperial');
    expect(draft.curves.kva[0]!.points[0]!.x).toBe(104);
    expect(draft.numbers.maxElevation).toBeCloseTo(3280.84, 2);
    const { payload } = fromDraft(draft, 'imperial');
    expect(payload.kVACurves[0]!.kVAPoints[0]!.temperature).toBe(40);
    expect(payload.maxElevation).toBe(1000);
  });

  it('reports required, non-numeric and out-of-range values', () => {
    let draft = toDraft({ ...sample, name: '  ' });
    draft = { ...draft, numbers: { ...draft.numbers, powerRated: 'abc' } };
    draft = {
      ...draft,
      curves: { ...draft.curves, efficiency: setPoint(draft.curves.efficiency, 0, 1, 'y', 120) },
    };
    draft = { ...draft, curves: { ...draft.curves, efficiency: addPoint(draft.curves.efficiency, 0) } };
    const { errors } = fromDraft(draft);
    expect(errors.name).toBe('Name is required.');
    expect(errors.powerRated).toBe('Enter a number.');
    expect(errors['efficiency.0.points.1.y']).toBe('Efficiency must be between 0 and 100 %.');
    expect(errors['efficiency.0.points.2.x']).toBe('Required.');
    expect(describeErrors(errors)).toContain('Efficiency curve 1, row 3, Power: Required.');
    expect(describeErrors(errors)).toContain('Rated power: Enter a number.');
  });

  it('flags two curves with the same voltage', () => {
    const draft = toDraft(sample);
    const twice = addCurve(draft.curves.efficiency, draft.curves.efficiency[0]);
    twice[1] = { ...twice[1]!, value: 880 };
    const { errors } = fromDraft({ ...draft, curves: { ...draft.curves, efficiency: twice } });
    expect(errors['efficiency.1.value']).toBe('Another curve has this voltage.');
  });

  it('compares drafts by value, not by keys or number-vs-text', () => {
    const a = toDraft(sample);
    const b = toDraft(sample);
    expect(sameDraft(a, b)).toBe(true);
    const typed = { ...a, numbers: { ...a.numbers, powerRated: '250' } };
    expect(sameDraft(typed, b)).toBe(true);
    const edited = { ...a, curves: { ...a.curves, efficiency: removePoint(a.curves.efficiency, 0, 0) } };
    expect(sameDraft(edited, b)).toBe(false);
  });

  it('sorts rows and builds chart series sorted by power', () => {
    const draft = toDraft(sample);
    expect(sortCurves(draft.curves.efficiency)[0]!.points.map((p) => p.x)).toEqual([12.5, 25]);
    expect(chartSeries(draft.curves.efficiency, 'efficiency', 'metric')).toEqual([
      {
        name: '880 V',
        data: [
          [12.5, 96.06],
          [25, 97.2],
        ],
      },
    ]);
    expect(chartSeries(draft.curves.kva, 'kva', 'imperial')[0]!.name).toBe('0 ft');
  });

  it('starts a new inverter as New Inverter at 499.12345678 kW', () => {
    const fresh = newInverterFields();
    expect(fresh.name).toBe('New Inverter');
    expect(fresh.powerRated).toBe(499.12345678);
    expect(fresh.status).toBe(1);
    expect(fromDraft(toDraft(fresh)).errors).toEqual({});
  });
});

describe('inverter library params', () => {
  it('defaults to own assets, Active and Global', () => {
    const params = readLibraryParams(new URLSearchParams());
    expect(params).toEqual(DEFAULT_LIBRARY_PARAMS);
    expect(buildLibraryQuery(params)).toEqual({
      ownerOnly: true,
      status: '3,5',
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: 50,
    });
    expect(writeLibraryParams(params).toString()).toBe('');
  });

  it('keeps every filter in the address', () => {
    const params = {
      ...DEFAULT_LIBRARY_PARAMS,
      owner: 'all' as const,
      statuses: [],
      search: 'cps',
      minPower: 100,
      maxPower: 300,
      page: 2,
    };
    const written = writeLibraryParams(params);
    expect(written.get('status')).toBe('all');
    expect(readLibraryParams(written)).toEqual(params);
    const query = buildLibraryQuery(params);
    expect(query.status).toBeUndefined();
    expect(query.ownerOnly).toBe(false);
    expect(query).toMatchObject({ search: 'cps', minPower: 100, maxPower: 300, page: 2 });
  });

  it('toggles sorting and resets the page', () => {
    const byPower = toggleSort({ ...DEFAULT_LIBRARY_PARAMS, page: 3 }, 'powerRating');
    expect(byPower).toMatchObject({ sort: 'powerRating', order: 'asc', page: 1 });
    expect(toggleSort(byPower, 'powerRating').order).toBe('desc');
    expect(toggleSort(DEFAULT_LIBRARY_PARAMS, 'lastModified').order).toBe('desc');
  });

  it('accepts digit ids only and labels ranges', () => {
    expect(parseInverterId('12')).toBe(12);
    expect(parseInverterId('1e3')).toBeNull();
    expect(parseInverterId('efficiency')).toBeNull();
    expect(rangeLabel(2, 120)).toBe('Showing 51–100 of 120 inverters');
    expect(rangeLabel(1, 0)).toBe('0 inverters');
  });
});
