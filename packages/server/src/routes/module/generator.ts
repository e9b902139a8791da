/**
 * The module generator (spec 2 §7.8 `Generator/*`; spec 4 §2 names in brackets): from datasheet
 * values to the PVsyst-form single-diode parameters, default and with parameters fixed
 * (`GenerateSingleDiodeParametersDefault|…Advanced`), an IV curve (`GenerateIVCurve`), the effective
 * irradiance response (`CalculateEffectiveIrradianceResponse`), a series resistance tuned to a
 * target relative efficiency at 200 W/m² (`OptimizeSeriesResistance`), and fits to key IV points or
 * full IV curves uploaded as CSV or XLSX (`ProcessKeyIVPoints`, `ProcessIVCurves`). Nothing is saved:
 * the answer is the module's fields, which the client saves with POST /Module.
 *
 * The physics is the engine's (`@sunfield/engine/generator/*`); this file reads and checks inputs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PHYSICAL, rangeMessage, type PhysicalRange } from '@sunfield/domain/api/ranges.ts';
import {
  effectiveIrradianceResponse,
  EIR_IRRADIANCES,
  generateIvCurve,
  optimizeSeriesResistance,
} from '@sunfield/engine/generator/ivCurves.ts';
import { fitIvCurves, fitKeyIvPoints, type IvFit } from '@sunfield/engine/generator/ivFit.ts';
import { moduleModelFromRecord } from '@sunfield/engine/generator/moduleCurves.ts';
import {
  generateSingleDiodeAdvanced,
  type Datasheet,
  type FixedParameters,
  type SingleDiodeFit,
} from '@sunfield/engine/generator/singleDiodeFit.ts';
import {
  ivCurvesFromTable,
  keyIvRowsFromTable,
  TemplateParseError,
} from '@sunfield/engine/generator/templates.ts';
import type { ModuleModel } from '@sunfield/engine/module/moduleModel.ts';
import { requireAuth } from '../../auth/context.ts';
import { readUpload, type Upload } from '../../commands/equipmentUpload.ts';
import { badRequest, parse } from '../../lib/errors.ts';
import { parseInWorker } from '../../uploads/parsePool.ts';

/** 5 MB: a workbook of a few thousand IV points is well under 1 MB. */
const GENERATOR_FILE_LIMIT = 5 * 1024 * 1024;

/** `{label} must be a number from 0 to 100 A.`: the domain's range message, named. */
const rangeText = (label: string, range: PhysicalRange) => `${label} m${rangeMessage(range).slice(1)}`;
/** A number within a physical range (domain `ranges.ts`). */
const within = (schema: z.ZodNumber, label: string, range: PhysicalRange) => {
  const message = rangeText(label, range);
  const whole = range.integer ? schema.int(message) : schema;
  const lower = range.aboveMin ? whole.gt(range.min, message) : whole.min(range.min, message);
  return lower.max(range.max, message);
};

/** Absent, null and '' are "not given"; numeric text from form fields is read as a number. */
const optionalNumber = (field: string, range: PhysicalRange) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    within(z.number({ error: `${field} must be a number.` }), field, range).optional(),
  );
const positive = (field: string, label: string, range: PhysicalRange) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    within(
      z.number({ error: `${label} is required.` }).positive(`${label} must be greater than 0.`),
      label,
      range,
    ),
  );
/** CellTechnologyTypeEnum 1–8. */
const CELL_TECHNOLOGY: PhysicalRange = { min: 1, max: 8, unit: '', integer: true };
const cells = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Cells in series is required.' })
    .int('Cells in series must be a whole number.')
    .min(1, 'Cells in series must be at least 1.')
    .max(PHYSICAL.cellsInSeries.max, `Cells in series must be at most ${PHYSICAL.cellsInSeries.max}.`),
);

const datasheetSchema = z
  .object({
    stcShortCircuitCurrent: positive(
      'stcShortCircuitCurrent',
      'Short-circuit current (Isc)',
      PHYSICAL.moduleCurrent,
    ),
    stcOpenCircuitVoltage: positive(
      'stcOpenCircuitVoltage',
      'Open-circuit voltage (Voc)',
      PHYSICAL.moduleVoltage,
    ),
    stcmppCurrent: positive('stcmppCurrent', 'MPP current (Imp)', PHYSICAL.moduleCurrent),
    stcmppVoltage: positive('stcmppVoltage', 'MPP voltage (Vmp)', PHYSICAL.moduleVoltage),
    numberOfCellsInSeries: cells,
    stcShortCircuitCurrentTempCoef: optionalNumber(
      'Isc temperature coefficient',
      PHYSICAL.moduleTempCoefficient,
    ),
    stcOpenCircuitVoltageTempCoef: optionalNumber(
      'Voc temperature coefficient',
      PHYSICAL.moduleTempCoefficient,
    ),
    stcPowerTempCoef: optionalNumber('Pmax temperature coefficient', PHYSICAL.moduleTempCoefficient),
    cellTechnologyType: optionalNumber('Cell technology', CELL_TECHNOLOGY),
    referenceIrradiance: optionalNumber('Reference irradiance', PHYSICAL.irradiance),
    referenceTemperature: optionalNumber('Reference temperature', PHYSICAL.referenceTemperature),
    bandgapVoltage: optionalNumber('Bandgap voltage', PHYSICAL.bandgap),
    recombinationParameter: optionalNumber('Recombination parameter', PHYSICAL.recombination),
    builtInVoltage: optionalNumber('Built-in voltage', PHYSICAL.builtInVoltage),
  })
  .superRefine((d, ctx) => {
    if (d.stcmppCurrent >= d.stcShortCircuitCurrent)
      ctx.addIssue({
        code: 'custom',
        path: ['stcmppCurrent'],
        message: 'MPP current (Imp) must be below the short-circuit current (Isc).',
      });
    if (d.stcmppVoltage >= d.stcOpenCircuitVoltage)
      ctx.addIssue({
        code: 'custom',
        path: ['stcmppVoltage'],
        message: 'MPP voltage (Vmp) must be below the open-circuit voltage (Voc).',
      });
    if (d.referenceIrradiance !== undefined && !(d.referenceIrradiance > 0))
      ctx.addIssue({
        code: 'custom',
        path: ['referenceIrradiance'],
        message: 'Reference irradiance must be greater than 0.',
      });
  });

const fixedSchema = z.object({
  seriesResistanceAtSTC: optionalNumber('Series resistance', PHYSICAL.seriesResistance).refine(
    (v) => v === undefined || v >= 0,
    {
      message: 'Series resistance must be 0 or more.',
    },
  ),
  shuntResistanceAtSTC: optionalNumber('Shunt resistance', PHYSICAL.shuntResistance).refine(
    (v) => v === undefined || v > 0,
    {
      message: 'Shunt resistance must be greater than 0.',
    },
  ),
  darkShuntResistance: optionalNumber('Dark shunt resistance', PHYSICAL.shuntResistance).refine(
    (v) => v === undefined || v > 0,
    {
      message: 'Dark shunt resistance must be greater than 0.',
    },
  ),
  exponentialDependencyOnShuntResistance: optionalNumber('Shunt resistance exponent', PHYSICAL.shuntExponent),
  diodeIdealityFactorAtSTC: optionalNumber('Diode ideality factor', PHYSICAL.diodeIdealityFactor).refine(
    (v) => v === undefined || (v > 0 && v <= 10),
    { message: 'Diode ideality factor must be between 0 and 10.' },
  ),
  linearTempDependenceOnGamma: optionalNumber(
    'Ideality factor temperature coefficient',
    PHYSICAL.gammaTempCoefficient,
  ),
});

/** The module fields of a body: the body itself, or its `module` member. */
const moduleOf = (body: unknown): Record<string, unknown> => {
  const b = (body ?? {}) as Record<string, unknown>;
  const inner = b.module;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : b;
};

export function datasheetOf(body: unknown): Datasheet {
  const d = parse(datasheetSchema, moduleOf(body));
  return {
    isc: d.stcShortCircuitCurrent,
    voc: d.stcOpenCircuitVoltage,
    imp: d.stcmppCurrent,
    vmp: d.stcmppVoltage,
    cellsInSeries: d.numberOfCellsInSeries,
    ...(d.stcShortCircuitCurrentTempCoef !== undefined && { alphaIscPct: d.stcShortCircuitCurrentTempCoef }),
    ...(d.stcOpenCircuitVoltageTempCoef !== undefined && { betaVocPct: d.stcOpenCircuitVoltageTempCoef }),
    ...(d.stcPowerTempCoef !== undefined && { gammaPmpPct: d.stcPowerTempCoef }),
    ...(d.cellTechnologyType !== undefined && { cellTechnologyType: d.cellTechnologyType }),
    ...(d.referenceIrradiance !== undefined && { irradianceRef: d.referenceIrradiance }),
    ...(d.referenceTemperature !== undefined && { tempRef: d.referenceTemperature }),
    ...(d.bandgapVoltage !== undefined && { bandgap: d.bandgapVoltage }),
    ...(d.recombinationParameter !== undefined && { d2MuTau: d.recombinationParameter }),
    ...(d.builtInVoltage !== undefined && { builtInVoltage: d.builtInVoltage }),
  };
}

export function fixedOf(body: unknown): FixedParameters {
  const f = parse(fixedSchema, moduleOf(body));
  const out: FixedParameters = {};
  if (f.seriesResistanceAtSTC !== undefined) out.rS = f.seriesResistanceAtSTC;
  if (f.shuntResistanceAtSTC !== undefined) out.rShRef = f.shuntResistanceAtSTC;
  if (f.darkShuntResistance !== undefined) out.rSh0 = f.darkShuntResistance;
  if (f.exponentialDependencyOnShuntResistance !== undefined)
    out.rShExp = f.exponentialDependencyOnShuntResistance;
  if (f.diodeIdealityFactorAtSTC !== undefined) out.gammaRef = f.diodeIdealityFactorAtSTC;
  if (f.linearTempDependenceOnGamma !== undefined) out.muGamma = f.linearTempDependenceOnGamma;
  return out;
}

/** A 400 for values the engine found impossible (its RangeError names why). */
export function refused(error: unknown, field = 'module'): Error {
  if (error instanceof RangeError) {
    const message = `The generator cannot fit these values: ${error.message}.`;
    return badRequest(message, { [field]: [message] });
  }
  return error as Error;
}

/** The effective irradiance response of a model, as spec 3 `EfficiencyDetails` at 25 °C. */
const responseOf = (model: ModuleModel, irradiances: readonly number[] = EIR_IRRADIANCES, temperature = 25) =>
  effectiveIrradianceResponse(model, { irradiances, temperature }).map((p) => ({
    irradiance: p.irradiance,
    temperature,
    relativeEfficiency: p.efficiency,
  }));

/** The answer of a fit: the module's fields (spec 3 names), the model's key points and warnings. */
function answerOf(fit: SingleDiodeFit, extra: Record<string, unknown> = {}) {
  const model: ModuleModel = { model: 'pvsyst', ...fit.params };
  const ref = fit.reference;
  return {
    module: {
      ...fit.record,
      stcMaxPower: ref.pmp,
      effectiveIrradianceResponse: responseOf(model),
      ...extra,
    },
    reference: { isc: ref.isc, voc: ref.voc, imp: ref.imp, vmp: ref.vmp, pmp: ref.pmp },
    temperatureCoefficients: fit.tempCoefficients,
    errors: fit.errors,
    warnings: fit.warnings,
  };
}

export function modelOfBody(body: unknown): ModuleModel {
  const record = moduleOf(body);
  const model = moduleModelFromRecord(record);
  if (!model) {
    const message =
      'The module has no electrical model: give its single-diode parameters, its CEC parameters, or its STC Isc, Voc, Imp, Vmp and cells in series.';
    throw badRequest(message, { module: [message] });
  }
  return model;
}

const curveQuery = z.object({
  irradiance: optionalNumber('Irradiance', PHYSICAL.irradiance).refine(
    (v) => v === undefined || (v >= 0 && v <= 2000),
    {
      message: 'Irradiance must be between 0 and 2000 W/m².',
    },
  ),
  temperature: optionalNumber('Temperature', PHYSICAL.cellTemperature).refine(
    (v) => v === undefined || (v >= -60 && v <= 120),
    {
      message: 'Temperature must be between -60 and 120 °C.',
    },
  ),
  points: optionalNumber('Points', { min: 2, max: 2000, unit: '', integer: true }).refine(
    (v) => v === undefined || (v >= 2 && v <= 2000),
    {
      message: 'Points must be between 2 and 2000.',
    },
  ),
});

const responseQuery = z.object({
  temperature: curveQuery.shape.temperature,
  irradiances: z
    .array(
      z
        .number({ error: 'Irradiances must be numbers.' })
        .positive('Irradiances must be greater than 0.')
        .max(2000, 'Irradiances must be at most 2000 W/m².'),
    )
    .min(1, 'Give at least one irradiance.')
    .max(200, 'Give at most 200 irradiances.')
    .optional(),
});

const seriesQuery = z.object({
  targetRelativeEfficiency: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Target relative efficiency at 200 W/m² is required.' })
      .min(50, 'Target relative efficiency at 200 W/m² must be between 50 and 120 %.')
      .max(120, 'Target relative efficiency at 200 W/m² must be between 50 and 120 %.'),
  ),
});

/** The table of an upload (XLSX first sheet or CSV text), read in a parsing process. */
async function tableOf(upload: Upload, maxRows: number) {
  const { table, lines, decimalComma } = await parseInWorker('table', upload.bytes, { maxRows });
  return { table, lineOf: (r: number) => lines[r] ?? 0, decimalComma };
}

function fileRefusal(error: unknown): Error {
  if (error instanceof TemplateParseError || error instanceof RangeError) {
    const message = `The file could not be read: ${error.message}.`;
    return badRequest(message, { file: [message] });
  }
  return error as Error;
}

const uploadOptions = z.object({
  numberOfCellsInSeries: cells,
  cellTechnologyType: optionalNumber('Cell technology', CELL_TECHNOLOGY),
});

/** The answer of a measurement fit: the module, the fit's quality, and the points it used. */
function fitAnswer(fit: IvFit, rows: { irradiance: number; temperature: number }[], extra: object) {
  const near = rows.reduce((best, r) =>
    Math.abs(r.irradiance - 1000) + Math.abs(r.temperature - 25) <
    Math.abs(best.irradiance - 1000) + Math.abs(best.temperature - 25)
      ? r
      : best,
  );
  return {
    ...answerOf(fit, {
      stcShortCircuitCurrent: fit.reference.isc,
      stcOpenCircuitVoltage: fit.reference.voc,
      stcmppCurrent: fit.reference.imp,
      stcmppVoltage: fit.reference.vmp,
      stcShortCircuitCurrentTempCoef: fit.tempCoefficients.isc,
      stcOpenCircuitVoltageTempCoef: fit.tempCoefficients.voc,
      stcPowerTempCoef: fit.tempCoefficients.pmp,
    }),
    rms: fit.rms,
    maxError: fit.maxError,
    iterations: fit.iterations,
    nearestToStc: { irradiance: near.irradiance, temperature: near.temperature },
    ...extra,
  };
}

async function uploadFit(request: FastifyRequest, kind: 'keys' | 'curves') {
  const upload = await readUpload(request, 'file', GENERATOR_FILE_LIMIT);
  const options = parse(uploadOptions, upload.fields);
  const o = {
    cellsInSeries: options.numberOfCellsInSeries,
    ...(options.cellTechnologyType !== undefined && { cellTechnologyType: options.cellTechnologyType }),
  };
  if (kind === 'keys') {
    const t = await tableOf(upload, 10_000);
    const rows = guard(() => keyIvRowsFromTable(t.table, t.lineOf, t.decimalComma), fileRefusal);
    const fit = guard(
      () => fitKeyIvPoints(rows, o),
      (error) => refused(error, 'file'),
    );
    return fitAnswer(fit, rows, { keyIVPoints: rows });
  }
  const t = await tableOf(upload, 200_000);
  const curves = guard(() => ivCurvesFromTable(t.table, t.lineOf, t.decimalComma), fileRefusal);
  const fit = guard(
    () => fitIvCurves(curves, o),
    (error) => refused(error, 'file'),
  );
  return fitAnswer(fit, curves, {
    ivCurves: curves.map((c) => ({
      irradiance: c.irradiance,
      temperature: c.temperature,
      points: c.voltage.map((voltage, k) => ({ voltage, current: c.current[k] })),
    })),
  });
}

/** The value of `run`, or the error `refusal` makes of what it threw. */
export function guard<T>(run: () => T, refusal: (error: unknown) => Error): T {
  try {
    return run();
  } catch (error) {
    throw refusal(error);
  }
}

/** What each generator call does, for the API description. */
const GENERATOR_SUMMARIES: Record<string, string> = {
  SingleDiodeParameters: 'Single-diode model parameters from datasheet values',
  SingleDiodeParametersAdvanced: 'Single-diode model parameters from datasheet values, some fixed',
  SeriesResistance: 'Series resistance that gives a target relative efficiency at 200 W/m²',
  IVCurve: 'IV curve of a module at an irradiance and temperature',
  EffectiveIrradianceResponse: 'Relative efficiency of a module at low irradiances',
  KeyIVPoints: 'Fit a module model to measured key IV points (file upload)',
  ProcessKeyIVPoints: 'Fit a module model to measured key IV points (file upload)',
  IVCurves: 'Fit a module model to measured IV curves (file upload)',
  ProcessIVCurves: 'Fit a module model to measured IV curves (file upload)',
};

/**
 * Registers a handler under its names. The public API's names of the JSON calls (spec 4 §1
 * `Generate…`, `OptimizeSeriesResistance`, `Calculate…`) answer in the public API's shapes:
 * generatorPublic.ts; the uploads answer the same under both names.
 */
function post(
  app: FastifyInstance,
  names: string[],
  handler: (request: FastifyRequest) => Promise<unknown>,
): void {
  for (const name of names)
    app.post(`/Generator/${name}`, { schema: { summary: GENERATOR_SUMMARIES[name] ?? name } }, handler);
}

export function registerGeneratorRoutes(app: FastifyInstance): void {
  post(app, ['SingleDiodeParameters'], async (request) => {
    requireAuth(request);
    const d = datasheetOf(request.body);
    return guard(
      () => answerOf(generateSingleDiodeAdvanced(d, {})),
      (error) => refused(error),
    );
  });

  post(app, ['SingleDiodeParametersAdvanced'], async (request) => {
    requireAuth(request);
    const d = datasheetOf(request.body);
    const fixed = fixedOf(request.body);
    return guard(
      () => answerOf(generateSingleDiodeAdvanced(d, fixed)),
      (error) => refused(error),
    );
  });

  post(app, ['SeriesResistance'], async (request) => {
    requireAuth(request);
    const d = datasheetOf(request.body);
    const { targetRelativeEfficiency } = parse(seriesQuery, request.body);
    const { rS: _rs, gammaRef: _gamma, ...fixed } = fixedOf(request.body);
    return guard(
      () => answerOf(optimizeSeriesResistance(d, { targetEfficiency200: targetRelativeEfficiency, fixed })),
      (error) => refused(error, 'targetRelativeEfficiency'),
    );
  });

  post(app, ['IVCurve'], async (request) => {
    requireAuth(request);
    const x = parse(curveQuery, request.body);
    const model = modelOfBody(request.body);
    return generateIvCurve(model, {
      irradiance: x.irradiance ?? 1000,
      temperature: x.temperature ?? 25,
      points: x.points ?? 100,
    });
  });

  post(app, ['EffectiveIrradianceResponse'], async (request) => {
    requireAuth(request);
    const x = parse(responseQuery, request.body);
    return responseOf(modelOfBody(request.body), x.irradiances, x.temperature ?? 25);
  });

  post(app, ['KeyIVPoints', 'ProcessKeyIVPoints'], async (request) => {
    requireAuth(request);
    return uploadFit(request, 'keys');
  });

  post(app, ['IVCurves', 'ProcessIVCurves'], async (request) => {
    requireAuth(request);
    return uploadFit(request, 'curves');
  });
}
