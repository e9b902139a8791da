/**
 * The model descriptions of the resource center: what each model of the engine computes, its
 * equation as the engine's doc comment states it (packages/engine/src, one file per model), its
 * choice in the prediction's Model Choices page, and the paper it comes from. Listed in the order of
 * the calculation chain (spec 4 §2).
 */
export interface ModelEntry {
  id: string;
  title: string;
  /** The engine source file (packages/engine/src/…). */
  source: string;
  text: string;
  equations: readonly string[];
  references: readonly string[];
}

export interface ModelGroup {
  title: string;
  models: readonly ModelEntry[];
}

export const MODEL_GROUPS: readonly ModelGroup[] = [
  {
    title: 'Sun and sky',
    models: [
      {
        id: 'spa',
        title: 'Solar position (SPA)',
        source: 'solarPosition/spa.ts',
        text:
          'The zenith and azimuth of the sun at the middle of each step, from the NREL Solar Position ' +
          'Algorithm (uncertainty ±0.0003°), with refraction at the site pressure and temperature.',
        equations: ['θz = 90° − e,  e = e0 + Δe (topocentric elevation with atmospheric refraction Δe)'],
        references: [
          'I. Reda, A. Andreas, "Solar position algorithm for solar radiation applications," Solar Energy 76 (2004) 577–589, doi:10.1016/j.solener.2003.12.003',
        ],
      },
      {
        id: 'airmass',
        title: 'Air mass',
        source: 'atmosphere/airmass.ts',
        text: 'The relative optical air mass from the apparent zenith, corrected to the site pressure.',
        equations: [
          'AM = 1/[cos θz + 0.50572·(96.07995° − θz)^−1.6364]  (Kasten–Young)',
          'AMa = AM·p/101325 Pa',
        ],
        references: [
          'F. Kasten, A. T. Young, "Revised optical air mass tables and approximation formula," Applied Optics 28 (1989) 4735–4738, doi:10.1364/AO.28.004735',
        ],
      },
      {
        id: 'erbs',
        title: 'Decomposition: Erbs',
        source: 'irradiance/decomposition/erbs.ts',
        text:
          'Splits global horizontal irradiance into beam and diffuse when the weather file has no DNI ' +
          'and DHI, from the clearness index kt. Reindl, DIRINT and DISC are the other choices.',
        equations: [
          'DF = 1 − 0.09·kt  (kt ≤ 0.22)',
          'DF = 0.9511 − 0.1604·kt + 4.388·kt² − 16.638·kt³ + 12.336·kt⁴  (0.22 < kt ≤ 0.80)',
          'DF = 0.165  (kt > 0.80)',
          'DHI = DF·GHI,  DNI = (GHI − DHI)/cos θz',
        ],
        references: [
          'D. G. Erbs, S. A. Klein, J. A. Duffie, "Estimation of the diffuse radiation fraction for hourly, daily and monthly-average global radiation," Solar Energy 28 (1982) 293–302, doi:10.1016/0038-092X(82)90302-4',
          'R. Perez, P. Ineichen, E. Maxwell, R. Seals, A. Zelenka, "Dynamic global-to-direct irradiance conversion models," ASHRAE Transactions 98(1) (1992) 354–369 (DIRINT)',
        ],
      },
      {
        id: 'perez',
        title: 'Transposition: Perez',
        source: 'irradiance/transposition/perez.ts',
        text:
          'Sky diffuse irradiance on the tilted plane with isotropic, circumsolar and horizon-brightening ' +
          'parts, from the sky clearness ε and brightness Δ bins. Hay–Davies, isotropic, Reindl and ' +
          'Klucher are the other choices.',
        equations: [
          'Ed = Dh·[(1 − F1)·(1 + cos β)/2 + F1·a/b + F2·sin β]',
          'a = max(0, cos θi),  b = max(cos 85°, cos θz),  Δ = Dh·m/I0',
          'ε = [(Dh + In)/Dh + κZ³]/(1 + κZ³),  κ = 1.041',
          'F1 = max[0, f11 + f12·Δ + f13·Z],  F2 = f21 + f22·Δ + f23·Z',
        ],
        references: [
          'R. Perez, P. Ineichen, R. Seals, J. Michalsky, R. Stewart, "Modeling daylight availability and irradiance components from direct and global irradiance," Solar Energy 44 (1990) 271–289, doi:10.1016/0038-092X(90)90055-H',
        ],
      },
      {
        id: 'haydavies',
        title: 'Transposition: Hay–Davies',
        source: 'irradiance/transposition/haydavies.ts',
        text: 'Sky diffuse as a circumsolar part weighted by the anisotropy index and an isotropic rest.',
        equations: [
          'Ed = Dh·[A·Rb + (1 − A)·(1 + cos β)/2],  A = In/I0,  Rb = max(0, cos θi)/max(cos θz, 0.01745)',
        ],
        references: [
          'J. E. Hay, J. A. Davies, "Calculation of the solar radiation incident on an inclined surface," Proc. First Canadian Solar Radiation Data Workshop (1980) 59–72',
        ],
      },
      {
        id: 'ground',
        title: 'Ground-reflected irradiance',
        source: 'irradiance/transposition/groundReflected.ts',
        text: 'Irradiance reflected by the ground, with the monthly albedo of the prediction.',
        equations: ['Eg = GHI·ρ·(1 − cos β)/2'],
        references: [
          'B. Y. H. Liu, R. C. Jordan, "The long-term average performance of flat-plate solar-energy collectors," Solar Energy 7 (1963) 53–74',
        ],
      },
    ],
  },
  {
    title: 'Mounting and shading',
    models: [
      {
        id: 'tracker',
        title: 'Single-axis tracking and backtracking',
        source: 'mounting/singleAxis.ts',
        text:
          'The rotation of a tracker that follows the sun within its limits, and with backtracking turns ' +
          'away so that rows do not shade each other, on sloped ground too.',
        equations: [
          'θT = atan2(sx, sn),  sx = sin θz·sin(γs − γa),  sn = sin βa·sin θz·cos(γs − γa) + cos βa·cos θz',
          'backtracking: the rotation θ with cos(θ − θT) = |cos(θT − βc)|/(GCR·cos βc) when that is below 1',
        ],
        references: [
          'K. Anderson, M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers," NREL/TP-5K00-76626 (2020), doi:10.2172/1660126',
          'E. Lorenzo, L. Narvarte, J. Muñoz, "Tracking and back-tracking," Prog. Photovolt. 19 (2011) 747–753, doi:10.1002/pip.1085',
        ],
      },
      {
        id: 'rowShading',
        title: 'Row-to-row beam shading',
        source: 'shading/rowShading.ts',
        text:
          'The fraction of a row in the shadow of the next, for fixed rows and trackers on ground with a ' +
          'cross-axis slope βc, from the projected zenith θT of the sun and the row rotation θ.',
        equations: ['f = clamp(1 − |cos(θT − βc)|/(GCR·cos βc·cos(θ − θT)), 0, 1)'],
        references: [
          'J. Appelbaum, J. Bany, "Shadow effect of adjacent solar collectors in large scale systems," Solar Energy 23 (1979) 497–507',
        ],
      },
      {
        id: 'diffuseShading',
        title: 'Diffuse shading (Schaar–Panchula)',
        source: 'shading/schaarPanchula.ts',
        text: 'The sky view lost to the row in front, by the crossed-strings view factors of a 2-D row.',
        equations: ['F(sky) = [(a + b) − (c + d)]/(2·L)  (Hottel crossed strings)'],
        references: [
          'M. Schaar, A. Panchula, "Validation of a 2D sky diffuse shading model," IEEE 42nd PVSC (2015)',
          'H. C. Hottel, "Radiant heat transmission," in W. H. McAdams, Heat Transmission, 3rd ed., McGraw-Hill (1954)',
        ],
      },
    ],
  },
  {
    title: 'Optics and spectrum',
    models: [
      {
        id: 'ashraeIam',
        title: 'Incidence angle: ASHRAE',
        source: 'optics/iam/ashrae.ts',
        text: 'The reflection loss of the front glass at an incidence angle θ, with one coefficient b0.',
        equations: ['IAM(θ) = 1 − b0·(1/cos θ − 1), clipped at 0; IAM = 0 for |θ| ≥ 90°'],
        references: [
          'A. F. Souka, H. H. Safwat, "Determination of the optimum orientations for the double-exposure, flat-plate collector and its reflectors," Solar Energy 10 (1966) 170–174',
        ],
      },
      {
        id: 'physicalIam',
        title: 'Incidence angle: physical (Fresnel)',
        source: 'optics/iam/physical.ts',
        text:
          'Fresnel reflection and absorption in the glass, with an optional anti-reflective coating layer; ' +
          'the Sandia polynomial and a tabular curve are the other choices.',
        equations: [
          'τ(θ) = e^(−K·L/cos θr)·[1 − ½·(sin²(θr−θ)/sin²(θr+θ) + tan²(θr−θ)/tan²(θr+θ))],  sin θr = sin θ/n',
          'IAM(θ) = τ(θ)/τ(0)',
        ],
        references: [
          'W. De Soto, S. A. Klein, W. A. Beckman, "Improvement and validation of a model for photovoltaic array performance," Solar Energy 80 (2006) 78–88, doi:10.1016/j.solener.2005.06.010',
        ],
      },
      {
        id: 'spectral',
        title: 'Spectral correction (precipitable water and air mass)',
        source: 'spectral/firstSolar.ts',
        text:
          'The spectral mismatch factor of the module technology from the absolute air mass and the ' +
          'precipitable water; monthly factors and the Sandia air-mass polynomial are the other choices.',
        equations: ['M = b0 + b1·AMa + b2·W + b3·√AMa + b4·√W + b5·AMa/√W'],
        references: [
          'M. Lee, A. Panchula, "Spectral correction for photovoltaic module performance based on air mass and precipitable water," IEEE 43rd PVSC (2016), doi:10.1109/PVSC.2016.7749836',
          'C. Gueymard, "Analysis of monthly average atmospheric precipitable water and turbidity in Canada and northern United States," Solar Energy 53 (1994) 57–71, doi:10.1016/S0038-092X(94)90606-8',
        ],
      },
      {
        id: 'soiling',
        title: 'Soiling',
        source: 'losses/soiling.ts',
        text:
          'The monthly soiling loss S [%] of the prediction (or a soiling column of the weather file) on ' +
          'beam, sky and ground irradiance, after shading.',
        equations: ['U = 1 − S/100, limited to [0, 1]'],
        references: ['Spec 4 §2 "Soiling"'],
      },
    ],
  },
  {
    title: 'Module',
    models: [
      {
        id: 'cellTemperature',
        title: 'Cell temperature: heat balance (Faiman)',
        source: 'temperature/heatBalance.ts',
        text:
          'The absorbed irradiance less the electrical output is lost through a constant and a ' +
          'wind-dependent term. Sandia, NOCT, Faiman, PVsyst and Fuentes are the other choices.',
        equations: ['Tc = Ta + α·G·(1 − η)/(Uc + Uv·v)'],
        references: [
          'D. Faiman, "Assessing the outdoor operating temperature of photovoltaic modules," Prog. Photovolt. 16 (2008) 307–315, doi:10.1002/pip.813',
        ],
      },
      {
        id: 'sapmTemperature',
        title: 'Cell temperature: Sandia',
        source: 'temperature/sapm.ts',
        text: 'The back-of-module temperature from an exponential wind fit, and the cell-to-back difference.',
        equations: ['Tm = G·exp(a + b·v) + Ta', 'Tc = Tm + (G/Gref)·ΔT'],
        references: [
          'D. L. King, W. E. Boyson, J. A. Kratochvil, "Photovoltaic Array Performance Model," SAND2004-3535 (2004), doi:10.2172/919131',
        ],
      },
      {
        id: 'singleDiode',
        title: 'Single-diode model',
        source: 'module/singleDiode.ts',
        text:
          'The current of the module at a voltage, with the optional recombination term of thin-film ' +
          'cells; solved explicitly with the Lambert W function, or by Newton with recombination.',
        equations: [
          'I = Iph − I0·[exp((V + I·Rs)/a) − 1] − (V + I·Rs)/Rsh − Iph·(d²/μτ)/(Ns·Vbi − (V + I·Rs))',
          'I = (Iph + I0 − V/Rsh)/(1 + Rs/Rsh) − (a/Rs)·W(θ)  (without recombination)',
        ],
        references: [
          'A. Jain, A. Kapoor, "Exact analytical solutions of the parameters of real solar cells using Lambert W-function," Sol. Energy Mater. Sol. Cells 81 (2004) 269–277, doi:10.1016/j.solmat.2003.11.018',
          'A. Mermoud, T. Lejeune, "Performance assessment of a simulation model for PV modules of any available technology," 25th EU PVSEC, Valencia (2010)',
        ],
      },
      {
        id: 'desoto',
        title: 'Parameter translation (De Soto)',
        source: 'module/desoto.ts',
        text: 'The five single-diode parameters from reference conditions to the operating irradiance and temperature.',
        equations: [
          'IL = (S/Sref)·[IL,ref + αsc·(Tc − Tref)],  a = a_ref·Tc/Tref',
          'I0 = I0,ref·(Tc/Tref)³·exp[Eg,ref/(k·Tref) − Eg/(k·Tc)],  Eg = Eg,ref·[1 + dEg/dT·(Tc − Tref)]',
          'Rsh = Rsh,ref·Sref/S,  Rs constant',
        ],
        references: [
          'W. De Soto, S. A. Klein, W. A. Beckman, "Improvement and validation of a model for photovoltaic array performance," Solar Energy 80 (2006) 78–88, doi:10.1016/j.solener.2005.06.010',
        ],
      },
    ],
  },
  {
    title: 'Inverter and plant',
    models: [
      {
        id: 'sandiaInverter',
        title: 'Inverter: Sandia',
        source: 'inverter/sandia.ts',
        text:
          'AC power from DC power and voltage, clipped at the rating; below the start power the inverter ' +
          'draws its night tare. Efficiency curves by voltage (Schmidt–Sauer) and PVWatts are the other models.',
        equations: [
          'A = Pdco·(1 + C1·ΔV),  B = Pso·(1 + C2·ΔV),  C = C0·(1 + C3·ΔV),  ΔV = Vdc − Vdco',
          'Pac = [Paco/(A − B) − C·(A − B)]·(Pdc − B) + C·(Pdc − B)²,  Pac ≤ Paco',
        ],
        references: [
          'D. L. King, S. Gonzalez, G. M. Galbraith, W. E. Boyson, "Performance Model for Grid-Connected Photovoltaic Inverters," SAND2007-5036 (2007), doi:10.2172/920449',
        ],
      },
      {
        id: 'transformer',
        title: 'Transformers',
        source: 'plant/transformer.ts',
        text: 'No-load and full-load losses of the array and plant transformers, as percentages of the rating.',
        equations: ['S = |P|/pf,  Ploss = Sr·[NL + FL·(S/Sr)²]/100'],
        references: ['IEC 60076-1, Power transformers — Part 1: General'],
      },
      {
        id: 'degradation',
        title: 'Degradation',
        source: 'lifetime/degradation.ts',
        text:
          'The linear, stepped or year-by-year degradation of the prediction, applied to the AC or the DC ' +
          'side as the prediction chooses; with the first-year flag the first year of operation degrades ' +
          'too (clock c = τ), otherwise it is free (c = τ − 1), τ the age in years.',
        equations: ['Linear: U = r·max(0, c) [%],  stepped: U = r·(⌊c⌋ + 1) for c ≥ 0', 'D = 1 − U/100'],
        references: ['Spec 4 §2 "Degradation"'],
      },
    ],
  },
];
