/**
 * Default IAM tables of a module derived from its ASHRAE coefficient (`GET /Module/DefaultIAM`, input
 * `ashraeiamB0`, output a tabular IAM and Sandia b0–b5).
 */
import { ashraeKernel } from './ashrae.ts';
import type { SandiaIamParams } from './sandia.ts';
import type { TabularIamParams } from './tabular.ts';

/** Angles of the default table [°]: every 5° from 0 to 90. */
const TABLE_ANGLES = Array.from({ length: 19 }, (_, i) => 5 * i);

/** Solves the n×n system A·x = b in place by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[piv]![c]!)) piv = r;
    [a[c], a[piv]] = [a[piv]!, a[c]!];
    [b[c], b[piv]] = [b[piv]!, b[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < n; k++) a[r]![k]! -= f * a[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= a[r]![k]! * x[k]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/**
 * Default IAM of a module from its ASHRAE coefficient b0: a tabular IAM and Sandia coefficients.
 *
 * The product does not document this relation, so it is defined here as:
 * - tabular: the ASHRAE modifier IAM(θ) = max(0, 1 − b0·(1/cos θ − 1)) at θ = 0, 5, …, 90°;
 * - Sandia: the polynomial 1 + b1·θ + … + b5·θ⁵ (b0 fixed to 1, so IAM(0) = 1) that fits the same
 *   ASHRAE curve at θ = 0, 0.1, …, 90° by weighted least squares, weight 1 up to 80° and 0.01 above
 *   (normal equations in u = θ/90 for conditioning, then bk = ck/90^k). A quintic cannot follow
 *   1/cos θ down to the zero of the ASHRAE curve (87.3° for b0 = 0.05); an unweighted fit overshoots 1
 *   by 1.6 % near 20° and rises again near 90°. With the low weight above 80° the fit, for b0 = 0.05,
 *   stays within 0.007 of ASHRAE up to 60° and 0.016 up to 80°, never exceeds 1.002, decreases
 *   monotonically above 30°, and gives a sky-diffuse modifier (Marion) 0.25 % above ASHRAE's (tested);
 *   above 85° it stays well above ASHRAE (0.31 at 90°), where cos θ makes the beam negligible.
 *
 * @param x.ashraeB0 the module's ASHRAE coefficient b0 (`ashraeiamB0`) [-]
 * @returns `tabular` (angles [°], factors [-]) and `sandia` (b0 … b5 [1/°^k])
 * @see A. F. Souka, H. H. Safwat, Solar Energy 10 (1966) 170–174
 * @see D. L. King et al., SAND2004-3535 (2004), doi:10.2172/919131
 */
export function defaultIam(x: { ashraeB0: number }): { tabular: TabularIamParams; sandia: SandiaIamParams } {
  const b = x.ashraeB0;
  const tabular = { angles: TABLE_ANGLES.slice(), factors: TABLE_ANGLES.map((t) => ashraeKernel(t, b)) };
  const ata = Array.from({ length: 5 }, () => new Array<number>(5).fill(0));
  const aty = new Array<number>(5).fill(0);
  for (let k = 0; k <= 900; k++) {
    const t = k / 10;
    const u = t / 90;
    const w = t <= 80 ? 1 : 0.01;
    const y = ashraeKernel(t, b) - 1;
    const pow = [u, u * u, u * u * u, u ** 4, u ** 5];
    for (let i = 0; i < 5; i++) {
      aty[i]! += w * pow[i]! * y;
      for (let j = 0; j < 5; j++) ata[i]![j]! += w * pow[i]! * pow[j]!;
    }
  }
  const c = solve(ata, aty);
  const sandia = {
    b0: 1,
    b1: c[0]! / 90,
    b2: c[1]! / 90 ** 2,
    b3: c[2]! / 90 ** 3,
    b4: c[3]! / 90 ** 4,
    b5: c[4]! / 90 ** 5,
  };
  return { tabular, sandia };
}

/** Angles of the API's default tabular IAM [°]: 0, 10, …, 90. */
export const DEFAULT_IAM_ANGLES: readonly number[] = Array.from({ length: 10 }, (_, i) => 10 * i);

/**
 * The `GET /Module/DefaultIAM?ASHRAEIAM=` answer in spec 3 names: the tabular IAM (`IAMFactor`
 * rows, `incidenceAngle` 0, 10, …, 90° with the ASHRAE modifier 1 − b0·(1/cos θ − 1), floored at 0)
 * and the Sandia coefficients `sandiaIAMB0` … `sandiaIAMB5` of {@link defaultIam} (weighted least
 * squares fit of the same curve).
 * @param ashraeiamB0 the module's ASHRAE coefficient b0 [-], 0 ≤ b0 ≤ 1
 * @returns `tabularIAM` and the Sandia coefficients
 * @throws RangeError for a b0 outside [0, 1] or not a number
 * @see ASHRAE Standard 93-1977 (2010), "Methods of testing to determine the thermal performance of
 *      solar collectors" (the incidence-angle modifier form); D. L. King, W. E. Boyson, J. A. Kratochvil,
 *      "Photovoltaic array performance model," SAND2004-3535 (2004), doi:10.2172/919131 (Sandia b0…b5)
 */
export function defaultIamFactors(ashraeiamB0: number): {
  tabularIAM: { incidenceAngle: number; factor: number }[];
  sandiaIAMB0: number;
  sandiaIAMB1: number;
  sandiaIAMB2: number;
  sandiaIAMB3: number;
  sandiaIAMB4: number;
  sandiaIAMB5: number;
} {
  if (!(Number.isFinite(ashraeiamB0) && ashraeiamB0 >= 0 && ashraeiamB0 <= 1))
    throw new RangeError('ashraeiamB0 must be a number between 0 and 1');
  const { sandia } = defaultIam({ ashraeB0: ashraeiamB0 });
  return {
    tabularIAM: DEFAULT_IAM_ANGLES.map((incidenceAngle) => ({
      incidenceAngle,
      factor: ashraeKernel(incidenceAngle, ashraeiamB0),
    })),
    sandiaIAMB0: sandia.b0,
    sandiaIAMB1: sandia.b1,
    sandiaIAMB2: sandia.b2,
    sandiaIAMB3: sandia.b3,
    sandiaIAMB4: sandia.b4,
    sandiaIAMB5: sandia.b5,
  };
}
