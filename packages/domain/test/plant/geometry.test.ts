import { describe, expect, it } from 'vitest';
import {
  collectorBandwidth,
  fieldLength,
  fieldSizeAcrossRows,
  fieldSizeAlongRows,
  fieldWidth,
  groundCoverageRatio,
  postToPostSpacingFromGcr,
  tableLength,
  tablesPerRow,
} from '../../src/plant/index.ts';

const LANDSCAPE = 0;
const PORTRAIT = 1;
const FIXED = 0;
const TRACKER = 1;

/**
 * Expected values are those of the public SDK's helpers (S1 plantpredict/powerplant.py, run with
 * Python 3: PowerPlant._calculate_collector_bandwidth, …), printed with repr.
 */
describe('SDK geometry, fixed tilt: 2 high portrait 2094 × 1038 mm, 20 wide, GCR 0.4, 10 rows, 864 kW of 400 W', () => {
  const module = { moduleLength: 2094, moduleWidth: 1038, moduleOrientation: PORTRAIT };
  const cbw = collectorBandwidth({ ...module, modulesHigh: 2, verticalIntermoduleGap: 0.02 });
  const pitch = postToPostSpacingFromGcr({ collectorBandwidth: cbw, groundCoverageRatio: 0.4 });
  const tpr = tablesPerRow({
    fieldDcPower: 864,
    plannedModuleRating: 400,
    modulesHigh: 2,
    modulesWide: 20,
    numberOfRows: 10,
  });
  const field = {
    ...module,
    trackingType: FIXED,
    tablesPerRow: tpr,
    modulesWide: 20,
    lateralIntermoduleGap: 0.02,
    numberOfRows: 10,
    postToPostSpacing: pitch,
    collectorBandwidth: cbw,
  };

  it('CBW = mh·length/1000 + (mh − 1)·vgap = 4.208 m', () => {
    expect(cbw).toBeCloseTo(4.207999999999999, 12);
  });

  it('table length = mw·width/1000 + lgap·(mw − 1) = 21.14 m', () => {
    expect(tableLength({ ...module, modulesWide: 20, lateralIntermoduleGap: 0.02 })).toBeCloseTo(21.14, 12);
  });

  it('pitch = CBW/GCR = 10.52 m and back', () => {
    expect(pitch).toBeCloseTo(10.519999999999998, 12);
    expect(groundCoverageRatio({ collectorBandwidth: cbw, postToPostSpacing: pitch })).toBeCloseTo(0.4, 14);
  });

  it('tables per row = ⌈(2160/40 + removed)/10⌉ = 6, with 3 removed still 6', () => {
    expect(tpr).toBe(6);
    expect(
      tablesPerRow({
        fieldDcPower: 864,
        plannedModuleRating: 400,
        modulesHigh: 2,
        modulesWide: 20,
        numberOfRows: 10,
        tablesRemovedForPCS: 3,
      }),
    ).toBe(6);
  });

  it('field length front to back 98.888 m, width along the rows 126.94 m', () => {
    expect(fieldLength(field)).toBeCloseTo(98.88799999999998, 12);
    expect(fieldWidth(field)).toBeCloseTo(126.94000000000001, 12);
    expect(fieldLength(field)).toBe(fieldSizeAcrossRows(field));
    expect(fieldWidth(field)).toBe(fieldSizeAlongRows(field));
  });
});

describe('SDK geometry, tracker: 1 high portrait 2278 × 1134 mm, 84 wide, 20 rows at 6 m, 3000 kW of 550 W, 2 removed', () => {
  const module = { moduleLength: 2278, moduleWidth: 1134, moduleOrientation: PORTRAIT };
  const cbw = collectorBandwidth({ ...module, modulesHigh: 1, verticalIntermoduleGap: 0.02 });
  const tpr = tablesPerRow({
    fieldDcPower: 3000,
    plannedModuleRating: 550,
    modulesHigh: 1,
    modulesWide: 84,
    numberOfRows: 20,
    tablesRemovedForPCS: 2,
  });
  const field = {
    ...module,
    trackingType: TRACKER,
    tablesPerRow: tpr,
    modulesWide: 84,
    lateralIntermoduleGap: 0.02,
    numberOfRows: 20,
    postToPostSpacing: 6,
    collectorBandwidth: cbw,
  };

  it('CBW 2.278 m, table length 96.916 m, 4 tables per row', () => {
    expect(cbw).toBeCloseTo(2.278, 12);
    expect(tableLength({ ...module, modulesWide: 84, lateralIntermoduleGap: 0.02 })).toBeCloseTo(
      96.91599999999998,
      12,
    );
    expect(tpr).toBe(4);
  });

  it('a tracker field is long along its rows (387.724 m) and wide across them (116.278 m)', () => {
    expect(fieldLength(field)).toBeCloseTo(387.724, 12);
    expect(fieldWidth(field)).toBeCloseTo(116.278, 12);
  });
});

describe('SDK geometry, landscape: 4 high 1200 × 600 mm', () => {
  it('CBW uses the width (2.475 m with 0.025 m gaps), the table length the length (12.27 m)', () => {
    const module = { moduleLength: 1200, moduleWidth: 600, moduleOrientation: LANDSCAPE };
    expect(collectorBandwidth({ ...module, modulesHigh: 4, verticalIntermoduleGap: 0.025 })).toBeCloseTo(
      2.475,
      12,
    );
    expect(tableLength({ ...module, modulesWide: 10, lateralIntermoduleGap: 0.03 })).toBeCloseTo(12.27, 12);
  });
});

describe('degenerate inputs', () => {
  it('give NaN rather than Infinity', () => {
    expect(postToPostSpacingFromGcr({ collectorBandwidth: 4, groundCoverageRatio: 0 })).toBeNaN();
    expect(groundCoverageRatio({ collectorBandwidth: 4, postToPostSpacing: 0 })).toBeNaN();
    expect(
      tablesPerRow({
        fieldDcPower: 1,
        plannedModuleRating: 400,
        modulesHigh: 2,
        modulesWide: 20,
        numberOfRows: 0,
      }),
    ).toBeNaN();
  });
});
