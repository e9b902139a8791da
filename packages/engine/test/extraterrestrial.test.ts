import { describe, expect, it } from 'vitest';
import {
  extraterrestrialSpencer,
  extraterrestrialSpencerSeries,
} from '../src/irradiance/extraterrestrial.ts';
import { dayOfYear, parseIsoWithOffset } from '../src/time/calendar.ts';
import { close, loadGolden } from './golden.ts';

interface In {
  day_of_year?: number;
  time?: string;
  method: string;
  solar_constant: number;
}

describe('extra_radiation.json (Spencer 1971)', () => {
  const golden = loadGolden<In, { dni_extra: number }>('extra_radiation');
  const RTOL = 1e-9;

  it(`matches all ${golden.n_cases} cases within rtol ${RTOL}`, () => {
    expect(golden.cases.length).toBe(115);
    let worst = 0;
    for (const { inputs: i, outputs: o } of golden.cases) {
      expect(i.method).toBe('spencer');
      // Timestamps: day of year in the timestamp's own offset (local standard time), as the reference.
      let doy: number;
      if (i.time !== undefined) {
        const m = /([+-])(\d\d):(\d\d)$/.exec(i.time)!;
        const offset = (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60);
        doy = dayOfYear(parseIsoWithOffset(i.time), offset);
      } else {
        doy = i.day_of_year!;
      }
      const v = extraterrestrialSpencer({ dayOfYear: doy }, { solarConstant: i.solar_constant });
      worst = Math.max(worst, Math.abs(v / o.dni_extra - 1));
      expect(close(v, o.dni_extra, { rtol: RTOL }), JSON.stringify(i)).toBe(true);
    }
    console.info('extra_radiation.json worst relative error:', worst);
  });

  it('has a series form and the 1366.1 W/m² default', () => {
    const out = extraterrestrialSpencerSeries(Float64Array.of(1, 182, 366), {}, new Float64Array(3));
    expect(out[0]).toBe(extraterrestrialSpencer({ dayOfYear: 1 }));
    expect(out[1]).toBeLessThan(1366.1);
    expect(out[0]).toBeGreaterThan(1366.1);
  });
});
