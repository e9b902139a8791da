/**
 * The module generator under the public API's names (spec 4 §1), in the shapes its Python SDK sends
 * and reads (`plantpredict/module.py`, example_usage/generate_module_file.py):
 *
 * - `GenerateSingleDiodeParametersDefault` and `…Advanced` take the module's fields flat and answer
 *   them back flat with the generated single-diode parameters (the SDK merges the answer into its
 *   object and posts the whole object on the next call, and finally to POST /Module). Advanced keeps
 *   the resistances the caller gives and recomputes the ideality factor and its temperature
 *   dependence, as the SDK documents.
 * - `OptimizeSeriesResistance` takes its target from `effectiveIrradianceResponse` (the relative
 *   efficiency at 200 W/m², a fraction: 0.97 = 97 %), or `targetRelativeEfficiency` [%].
 * - `CalculateEffectiveIrradianceResponse` answers `[{temperature, irradiance, relativeEfficiency}]`
 *   at the conditions of `effectiveIrradianceResponse` (100–1200 W/m² at 25 °C without), the
 *   relative efficiency as a fraction of the one at 1000 W/m² and the same temperature.
 * - `GenerateIVCurve` answers `[{current, voltage}]` from short circuit to open circuit, at the
 *   module's reference irradiance and temperature, `numIvPoints` points (100 by default).
 *
 * Our own names (generator.ts) answer the richer shapes the web app uses. JSON names match
 * case-insensitively (module/index.ts), so the SDK's `stcMppCurrent` is `stcmppCurrent`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PHYSICAL } from '@sunfield/domain/api/ranges.ts';
import {
  effectiveIrradianceResponse,
  EIR_IRRADIANCES,
  generateIvCurve,
  optimizeSeriesResistance,
} from '@sunfield/engine/generator/ivCurves.ts';
import {
  generateSingleDiodeAdvanced,
  type SingleDiodeFit,
} from '@sunfield/engine/generator/singleDiodeFit.ts';
import { requireAuth } from '../../auth/context.ts';
import { badRequest, parse } from '../../lib/errors.ts';
import { datasheetOf, fixedOf, guard, modelOfBody, refused } from './generator.ts';
import { moduleBodySchema } from './schemas.ts';

const MODULE_FIELDS = new Set(Object.keys(moduleBodySchema.shape));

/** The module fields of a body (flat, or under `module`). */
function moduleFieldsOf(body: unknown): Record<string, unknown> {
  const b = (body ?? {}) as Record<string, unknown>;
  const inner = b.module;
  const source = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : b;
  return Object.fromEntries(Object.entries(source).filter(([key]) => MODULE_FIELDS.has(key)));
}

/** The caller's module fields with the fit's single-diode parameters. */
const mirrored = (body: unknown, fit: SingleDiodeFit) => ({ ...moduleFieldsOf(body), ...fit.record });

const number = (label: string) => z.number({ error: `${label} must be a number.` }).finite();
/** A relative efficiency: a fraction (the SDK's) or a percentage, within the domain's 0–200 %. */
const relativeEfficiency = (label: string) =>
  number(label)
    .min(PHYSICAL.relativeEfficiency.min, `${label} must be from 0 to ${PHYSICAL.relativeEfficiency.max} %.`)
    .max(PHYSICAL.relativeEfficiency.max, `${label} must be from 0 to ${PHYSICAL.relativeEfficiency.max} %.`);

const conditionsSchema = z.object({
  effectiveIrradianceResponse: z
    .array(
      z.object({
        irradiance: number('Irradiance')
          .positive('Irradiance must be greater than 0.')
          .max(2000, 'Irradiance must be at most 2000 W/m².'),
        temperature: number('Temperature').min(-60).max(120).nullish(),
        relativeEfficiency: relativeEfficiency('Relative efficiency').nullish(),
      }),
    )
    .max(200, 'Give at most 200 conditions.')
    .nullish(),
  targetRelativeEfficiency: relativeEfficiency('Target relative efficiency').nullish(),
  numIvPoints: number('numIvPoints')
    .int('numIvPoints must be a whole number.')
    .min(2, 'numIvPoints must be between 2 and 2000.')
    .max(2000, 'numIvPoints must be between 2 and 2000.')
    .nullish(),
  referenceIrradiance: number('Reference irradiance').min(0).max(2000).nullish(),
  referenceTemperature: number('Reference temperature').min(-60).max(120).nullish(),
});

/** A relative efficiency as a percentage: fractions (0.5–2) are the SDK's, larger values are %. */
const asPercent = (value: number): number => (Math.abs(value) <= 2 ? 100 * value : value);

/** The target relative efficiency at 200 W/m² [%] a body gives. */
function targetAt200(body: unknown): number {
  const x = parse(conditionsSchema, body);
  if (x.targetRelativeEfficiency != null) return asPercent(x.targetRelativeEfficiency);
  const at200 = (x.effectiveIrradianceResponse ?? []).find(
    (c) =>
      c.irradiance === 200 && (c.temperature == null || c.temperature === 25) && c.relativeEfficiency != null,
  );
  if (at200?.relativeEfficiency == null) {
    const message =
      'Give the target relative efficiency at 200 W/m² and 25 °C in effectiveIrradianceResponse (or targetRelativeEfficiency).';
    throw badRequest(message, { effectiveIrradianceResponse: [message] });
  }
  return asPercent(at200.relativeEfficiency);
}

const handlers: Record<string, (request: FastifyRequest) => unknown> = {
  GenerateSingleDiodeParametersDefault: (request) => {
    const fit = guard(() => generateSingleDiodeAdvanced(datasheetOf(request.body), {}), refused);
    return mirrored(request.body, fit);
  },

  GenerateSingleDiodeParametersAdvanced: (request) => {
    // The ideality factor and its temperature dependence are what this call recomputes.
    const { gammaRef: _gamma, muGamma: _mu, ...fixed } = fixedOf(request.body);
    const fit = guard(() => generateSingleDiodeAdvanced(datasheetOf(request.body), fixed), refused);
    return mirrored(request.body, fit);
  },

  OptimizeSeriesResistance: (request) => {
    const d = datasheetOf(request.body);
    const target = targetAt200(request.body);
    const { rS: _rs, gammaRef: _gamma, ...fixed } = fixedOf(request.body);
    const fit = guard(
      () => optimizeSeriesResistance(d, { targetEfficiency200: target, fixed }),
      (error) => refused(error, 'effectiveIrradianceResponse'),
    );
    return mirrored(request.body, fit);
  },

  CalculateEffectiveIrradianceResponse: (request) => {
    const model = modelOfBody(request.body);
    const x = parse(conditionsSchema, request.body);
    const conditions = x.effectiveIrradianceResponse?.length
      ? x.effectiveIrradianceResponse.map((c) => ({
          irradiance: c.irradiance,
          temperature: c.temperature ?? 25,
        }))
      : EIR_IRRADIANCES.map((irradiance) => ({ irradiance, temperature: 25 }));
    return conditions.map(({ irradiance, temperature }) => {
      const [point] = effectiveIrradianceResponse(model, { irradiances: [irradiance], temperature });
      return { temperature, irradiance, relativeEfficiency: (point?.efficiency ?? 0) / 100 };
    });
  },

  GenerateIVCurve: (request) => {
    const model = modelOfBody(request.body);
    const x = parse(conditionsSchema, request.body);
    const curve = generateIvCurve(model, {
      irradiance: x.referenceIrradiance ?? 1000,
      temperature: x.referenceTemperature ?? 25,
      points: x.numIvPoints ?? 100,
    });
    return curve.voltage.map((voltage, k) => ({ current: curve.current[k] ?? 0, voltage }));
  },
};

export function registerPublicGeneratorRoutes(app: FastifyInstance): void {
  for (const [name, handler] of Object.entries(handlers)) {
    // 'GenerateIVCurve' → 'Generate IV curve (public API form)'.
    const summary = `${name.replace(/([a-z])([A-Z])/g, '$1 $2')} (public API form)`;
    app.post(`/Generator/${name}`, { schema: { summary } }, async (request) => {
      requireAuth(request);
      return handler(request);
    });
  }
}
