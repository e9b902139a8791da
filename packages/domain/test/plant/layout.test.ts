import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODULE_LAYOUT,
  defaultModuleAzimuth,
  defaultModuleLayout,
  defaultModulesHigh,
  defaultNumberOfRows,
  defaultPostHeight,
  defaultTilt,
  postHeightTilt,
  unlessLocked,
} from '../../src/plant/index.ts';

const FIXED = 0;
const TRACKER = 1;
const SEASONAL = 2;

describe('default tilt by latitude magnitude (spec 2 §9.3)', () => {
  it('follows the bands, each bound in the next band', () => {
    const at = (latitude: number) => defaultTilt({ latitude });
    expect([0, 4.999, 5, 14.999, 15, 24.999, 25, 34.999, 35, 60, 90].map(at)).toEqual([
      5, 5, 10, 10, 15, 15, 20, 20, 25, 25, 25,
    ]);
  });

  it('uses the magnitude in the southern hemisphere', () => {
    expect([-4, -5, -15, -25, -35].map((latitude) => defaultTilt({ latitude }))).toEqual([5, 10, 15, 20, 25]);
  });
});

describe('default module layout (spec 2 §9.2)', () => {
  it('faces the equator: 180 for latitude ≥ 0, else 0', () => {
    expect(defaultModuleAzimuth({ latitude: 0 })).toBe(180);
    expect(defaultModuleAzimuth({ latitude: 36.1 })).toBe(180);
    expect(defaultModuleAzimuth({ latitude: -0.1 })).toBe(0);
  });

  it('modules up to 600 mm wide are 4 high; else 2 on fixed tilt and 1 on trackers', () => {
    expect(defaultModulesHigh({ moduleWidth: 600, trackingType: FIXED })).toBe(4);
    expect(defaultModulesHigh({ moduleWidth: 600, trackingType: TRACKER })).toBe(4);
    expect(defaultModulesHigh({ moduleWidth: 600.5, trackingType: FIXED })).toBe(2);
    expect(defaultModulesHigh({ moduleWidth: 1134, trackingType: FIXED })).toBe(2);
    expect(defaultModulesHigh({ moduleWidth: 1134, trackingType: SEASONAL })).toBe(2);
    expect(defaultModulesHigh({ moduleWidth: 1134, trackingType: TRACKER })).toBe(1);
    expect(defaultModulesHigh({ moduleWidth: null, trackingType: FIXED })).toBe(2);
  });

  it('is 20 wide, portrait, post height 1.5, gaps 0.02, edge offset 50, ground #afaea4', () => {
    expect(defaultModuleLayout({ latitude: -33.9, moduleWidth: 1038, trackingType: FIXED })).toEqual({
      modulesHigh: 2,
      modulesWide: 20,
      moduleOrientation: 1,
      moduleAzimuth: 0,
      postHeight: 1.5,
      lateralIntermoduleGap: 0.02,
      verticalIntermoduleGap: 0.02,
      ground: { edgeOffset: 50, color: '#afaea4' },
    });
    expect(DEFAULT_MODULE_LAYOUT.groundColor).toBe('#afaea4');
  });
});

describe('default post height (spec 2 §9.3: 0.5 + CBW/2 · sin tilt, 1 decimal)', () => {
  it('fixed tilt: 2 portrait modules of 2094 mm (CBW 4.208 m) at 25° → 1.4 m', () => {
    // 0.5 + 2.104 · sin 25° = 1.3892 → 1.4 (the SDK's max(1.5, CBW·sin/2 + 1) gives 1.889)
    expect(defaultPostHeight({ collectorBandwidth: 4.208, trackingType: FIXED, moduleTilt: 25 })).toBe(1.4);
  });

  it('trackers take the largest rotation limit |min|, |max|', () => {
    // 0.5 + 1.139 · sin 60° = 1.4864 → 1.5
    expect(
      defaultPostHeight({
        collectorBandwidth: 2.278,
        trackingType: TRACKER,
        moduleTilt: 10,
        minimumTrackingLimitAngleD: -52,
        maximumTrackingLimitAngleD: 60,
      }),
    ).toBe(1.5);
    expect(
      postHeightTilt({
        trackingType: TRACKER,
        minimumTrackingLimitAngleD: -55,
        maximumTrackingLimitAngleD: 45,
      }),
    ).toBe(55);
    // limits absent: ±60 (spec 4 §1)
    expect(postHeightTilt({ trackingType: TRACKER })).toBe(60);
  });

  it('a flat table stands at 0.5 m; rounding is to 1 decimal', () => {
    expect(defaultPostHeight({ collectorBandwidth: 4.208, trackingType: FIXED, moduleTilt: 0 })).toBe(0.5);
    // 0.5 + 1 · sin 30° = 1.0; 0.5 + 1.5 · sin 30° = 1.25 → 1.3 (half away from zero)
    expect(defaultPostHeight({ collectorBandwidth: 2, trackingType: FIXED, moduleTilt: 30 })).toBe(1);
    expect(defaultPostHeight({ collectorBandwidth: 3, trackingType: FIXED, moduleTilt: 30 })).toBe(1.3);
  });
});

describe('default number of rows (spec 2 §9.3: cube root, rounded up)', () => {
  it('is ⌈∛(module count)⌉', () => {
    expect(defaultNumberOfRows({ moduleCount: 2160 })).toBe(13); // ∛2160 = 12.93
    expect(defaultNumberOfRows({ moduleCount: 1728 })).toBe(12); // a perfect cube stays
    expect(defaultNumberOfRows({ moduleCount: 1728.0000001 })).toBe(12);
    expect(defaultNumberOfRows({ moduleCount: 1729 })).toBe(13);
    expect(defaultNumberOfRows({ moduleCount: 0.5 })).toBe(1);
    expect(defaultNumberOfRows({ moduleCount: 0 })).toBeNaN();
  });
});

describe('locked fields (spec 2 §9.3)', () => {
  it('are never overwritten by automatic calculation', () => {
    expect(unlessLocked({ locked: true, current: 7, computed: 13 })).toBe(7);
    expect(unlessLocked({ locked: false, current: 7, computed: 13 })).toBe(13);
    expect(unlessLocked({ locked: undefined, current: 7, computed: 13 })).toBe(13);
  });
});
