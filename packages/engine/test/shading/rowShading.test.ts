import { describe, expect, it } from 'vitest';
import { fixedTilt } from '../../src/mounting/fixedTilt.ts';
import { singleAxis } from '../../src/mounting/singleAxis.ts';
import { rowShadedFraction, rowShadedFractionSeries } from '../../src/shading/rowShading.ts';

const D = Math.PI / 180;

/**
 * Independent brute-force check: cast rays from N points of the collector towards the sun (in the
 * cross-section) and count those that hit the neighbouring row on the sun's side.
 */
function bruteForce(theta: number, tt: number, gcr: number, cross: number, n = 20000): number {
  const p = 1 / gcr;
  const ux = Math.cos(theta * D);
  const uz = -Math.sin(theta * D); // from the +x edge: collector direction (cos θ, −sin θ)
  const sx = Math.sin(tt * D);
  const sz = Math.cos(tt * D);
  if (ux * 0 + (Math.sin(theta * D) * sx + Math.cos(theta * D) * sz) <= 0) return 0;
  if (Math.cos((tt - cross) * D) <= 0) return 1;
  let hit = 0;
  for (const k of [-1, 1]) {
    const cx = k * p;
    const cz = -k * p * Math.tan(cross * D);
    let h = 0;
    for (let j = 0; j < n; j++) {
      const t = (j + 0.5) / n - 0.5;
      const ox = t * ux;
      const oz = t * uz;
      // intersect ray o + λ s (λ > 0) with segment c + μ u, μ in [−½, ½]
      const det = sx * -uz - sz * -ux;
      const rx = cx - ox;
      const rz = cz - oz;
      const lam = (rx * -uz - rz * -ux) / det;
      const mu = (sx * rz - sz * rx) / det;
      if (lam > 0 && mu >= -0.5 && mu <= 0.5) h++;
    }
    hit = Math.max(hit, h);
  }
  return hit / n;
}

describe('rowShadedFraction (2D infinite rows; tolerance 1e-12 on hand cases, 2e-4 vs ray casting)', () => {
  it('fixed tilt 30°, GCR 0.5, sun in the plane of the row normal: 1 − sin α/(GCR·sin(α + β))', () => {
    for (const alpha of [5, 10, 20, 30, 40]) {
      const fx = fixedTilt(
        { solarZenith: 90 - alpha, solarAzimuth: 180 },
        { surfaceTilt: 30, surfaceAzimuth: 180 },
      );
      expect(fx.projectedZenith).toBeCloseTo(90 - alpha, 10);
      const f = rowShadedFraction(fx, { gcr: 0.5, crossAxisTilt: 0 });
      const want = Math.max(0, 1 - Math.sin(alpha * D) / (0.5 * Math.sin((alpha + 30) * D)));
      expect(f).toBeCloseTo(want, 12);
    }
    // α = 20°: 1 − 0.342020/(0.5·0.766044) = 0.107049
    expect(
      rowShadedFraction({ trackerTheta: 30, projectedZenith: 70 }, { gcr: 0.5, crossAxisTilt: 0 }),
    ).toBeCloseTo(0.107049, 6);
    // the sun high enough: no shading once sin α ≥ GCR·sin(α + β), i.e. α ≥ 30° here
    expect(rowShadedFraction({ trackerTheta: 30, projectedZenith: 55 }, { gcr: 0.5, crossAxisTilt: 0 })).toBe(
      0,
    );
  });

  it('matches ray casting for tracked rows on sloped ground', () => {
    const cases = [
      [40, 70, 0.4, 0],
      [-40, -75, 0.45, 5],
      [20, 80, 0.5, -6],
      [-10, -60, 0.6, 10],
      [55, 85, 0.35, 8],
    ] as const;
    for (const [theta, tt, gcr, cross] of cases) {
      const f = rowShadedFraction(
        { trackerTheta: theta, projectedZenith: tt },
        { gcr, crossAxisTilt: cross },
      );
      expect(Math.abs(f - bruteForce(theta, tt, gcr, cross)), `${theta} ${tt} ${gcr} ${cross}`).toBeLessThan(
        2e-4,
      );
    }
  });

  it('invariants: 0 ≤ f ≤ 1, 0 with a high sun, monotonic in GCR, 0 when backtracking (flat and sloped)', () => {
    for (let k = 0; k < 2000; k++) {
      const theta = -60 + ((k * 37) % 121);
      const tt = -89 + ((k * 53) % 179);
      const f = rowShadedFraction(
        { trackerTheta: theta, projectedZenith: tt },
        { gcr: 0.2 + (k % 7) / 10, crossAxisTilt: (k % 11) - 5 },
      );
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThanOrEqual(1);
    }
    expect(rowShadedFraction({ trackerTheta: 0, projectedZenith: 0 }, { gcr: 0.9, crossAxisTilt: 0 })).toBe(
      0,
    );
    let prev = -1;
    for (let gcr = 0.1; gcr <= 0.95; gcr += 0.05) {
      const f = rowShadedFraction({ trackerTheta: 45, projectedZenith: 75 }, { gcr, crossAxisTilt: 0 });
      expect(f).toBeGreaterThanOrEqual(prev);
      prev = f;
    }
    for (const cross of [0, 4, -7]) {
      for (let az = 45; az <= 315; az += 5) {
        for (let zen = 20; zen <= 89; zen += 3) {
          const p = {
            axisTilt: 0,
            axisAzimuth: 180,
            minAngle: -90,
            maxAngle: 90,
            backtrack: true,
            gcr: 0.45,
            crossAxisTilt: cross,
          };
          const t = singleAxis({ solarZenith: zen, solarAzimuth: az }, p);
          const tt = Math.atan2(Math.sin(zen * D) * Math.sin((az - 180) * D), Math.cos(zen * D)) / D;
          if (Math.abs(tt - cross) >= 90) continue; // sun below the sloped ground: the terrain shades every row
          const f = rowShadedFraction(
            { trackerTheta: t.trackerTheta, projectedZenith: tt },
            { gcr: 0.45, crossAxisTilt: cross },
          );
          expect(f, `cross ${cross} az ${az} zen ${zen}`).toBeLessThan(1e-9);
        }
      }
    }
  });

  it('series form equals the scalar form and gives 0 for NaN inputs', () => {
    const th = Float64Array.of(30, -45, Number.NaN, 10);
    const tt = Float64Array.of(70, -80, 50, Number.NaN);
    const out = new Float64Array(4);
    rowShadedFractionSeries({ trackerTheta: th, projectedZenith: tt }, { gcr: 0.5, crossAxisTilt: 2 }, out);
    expect(out[0]).toBe(
      rowShadedFraction({ trackerTheta: 30, projectedZenith: 70 }, { gcr: 0.5, crossAxisTilt: 2 }),
    );
    expect(out[1]).toBe(
      rowShadedFraction({ trackerTheta: -45, projectedZenith: -80 }, { gcr: 0.5, crossAxisTilt: 2 }),
    );
    expect(out[2]).toBe(0);
    expect(out[3]).toBe(0);
  });
});
