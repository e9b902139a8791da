/**
 * The incidence-angle model chosen for a module (`incAngleModel`), as a discriminated union, and its
 * evaluation as a function of the angle of incidence or over a series.
 */
import { ashraeKernel } from './ashrae.ts';
import { physicalIamKernel, physicalIamNormal, type PhysicalIamParams } from './physical.ts';
import { sandiaIamKernel, type SandiaIamParams } from './sandia.ts';
import { compileTabularIam, tabularIamKernel, type TabularIamParams } from './tabular.ts';

/** Incidence-angle model of a module; `none` gives 1 below 90° (and 0 from behind). */
export type IamModel =
  | { model: 'ashrae'; b0: number }
  | ({ model: 'sandia' } & SandiaIamParams)
  | ({ model: 'physical' } & PhysicalIamParams)
  | ({ model: 'tabular' } & TabularIamParams)
  | { model: 'none' };

/** A modifier as a function of the angle of incidence [°] → [-]. */
export type IamFunction = (aoi: number) => number;

/** @internal No modifier: 1 for |θ| < 90°, 0 from behind the plane. */
export function noIamKernel(aoi: number): number {
  if (Number.isNaN(aoi)) return Number.NaN;
  return Math.abs(aoi) < 90 ? 1 : 0;
}

/**
 * The modifier of a model as a function of the angle of incidence, with its parameters bound once
 * (tabular spline solved, physical normal-incidence transmittance computed).
 *
 * @param m the module's incidence-angle model
 * @returns θ [°] → IAM(θ) [-]
 * @see the model functions `ashraeIam`, `sandiaIam`, `physicalIam`, `tabularIam`
 */
export function iamFunction(m: IamModel): IamFunction {
  switch (m.model) {
    case 'ashrae': {
      const b0 = m.b0;
      return (aoi) => ashraeKernel(aoi, b0);
    }
    case 'sandia': {
      const { b0, b1, b2, b3, b4, b5 } = m;
      const upper = m.upper ?? Infinity;
      return (aoi) => sandiaIamKernel(aoi, b0, b1, b2, b3, b4, b5, upper);
    }
    case 'physical': {
      const n = m.refractiveIndex;
      const nArc = m.arcRefractiveIndex ?? 0;
      const kl = m.extinctionCoefficient * m.glazingThickness;
      const inv = physicalIamNormal(n, nArc, kl);
      return (aoi) => physicalIamKernel(aoi, n, nArc, kl, inv);
    }
    case 'tabular': {
      const s = compileTabularIam(m);
      return (aoi) => tabularIamKernel(aoi, s);
    }
    case 'none':
      return noIamKernel;
  }
}

/**
 * Series form: the modifier of model `m` for every angle of incidence, with the loop specialised per
 * model so that nothing is allocated or dispatched per step.
 *
 * @param m the incidence-angle model
 * @param x.aoi angles of incidence [°]
 * @param out caller-owned output [-]
 */
export function iamSeries(m: IamModel, x: { aoi: Float64Array }, out: Float64Array): Float64Array {
  const aoi = x.aoi;
  const len = aoi.length;
  switch (m.model) {
    case 'ashrae': {
      const b0 = m.b0;
      for (let i = 0; i < len; i++) out[i] = ashraeKernel(aoi[i]!, b0);
      break;
    }
    case 'sandia': {
      const { b0, b1, b2, b3, b4, b5 } = m;
      const upper = m.upper ?? Infinity;
      for (let i = 0; i < len; i++) out[i] = sandiaIamKernel(aoi[i]!, b0, b1, b2, b3, b4, b5, upper);
      break;
    }
    case 'physical': {
      const n = m.refractiveIndex;
      const nArc = m.arcRefractiveIndex ?? 0;
      const kl = m.extinctionCoefficient * m.glazingThickness;
      const inv = physicalIamNormal(n, nArc, kl);
      for (let i = 0; i < len; i++) out[i] = physicalIamKernel(aoi[i]!, n, nArc, kl, inv);
      break;
    }
    case 'tabular': {
      const s = compileTabularIam(m);
      for (let i = 0; i < len; i++) out[i] = tabularIamKernel(aoi[i]!, s);
      break;
    }
    case 'none':
      for (let i = 0; i < len; i++) out[i] = noIamKernel(aoi[i]!);
      break;
  }
  return out;
}
