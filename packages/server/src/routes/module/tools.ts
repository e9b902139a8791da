/**
 * Module tools that save nothing: the default IAM of an ASHRAE coefficient and the electrical
 * shading table parser (spec 2 §7.8).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defaultIam } from '@sunfield/engine/optics/iam/defaultIam.ts';
import { requireAuth } from '../../auth/context.ts';
import { readUpload } from '../../commands/equipmentUpload.ts';
import { parse } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import { parseInWorker } from '../../uploads/parsePool.ts';
import { fileUpload } from '../../lib/openapi.ts';

const SHADING_FILE = 'shading table';
const SHADING_FILE_LIMIT = 1024 * 1024;

export const defaultIamQuery = z.object({
  ashraeiamB0: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'ashraeiamB0 must be a number.' })
      .min(0, 'ashraeiamB0 must be between 0 and 1.')
      .max(1, 'ashraeiamB0 must be between 0 and 1.')
      .optional(),
  ),
});

export function registerModuleToolRoutes(app: FastifyInstance): void {
  /** Tabular IAM (ASHRAE at 0, 5, …, 90°) and Sandia b0–b5 fitted to it (engine defaultIam). */
  app.get(
    '/DefaultIAM',
    {
      schema: { summary: 'Default incidence angle modifiers for an ASHRAE b0', querystring: defaultIamQuery },
    },
    async (request) => {
      requireAuth(request);
      const raw = canonicalQuery(request.query, ['ashraeiamB0']);
      // The commercial API's parameter is also spelled ASHRAEIAM.
      if (raw.ashraeiamB0 === undefined && raw.ASHRAEIAM !== undefined) raw.ashraeiamB0 = raw.ASHRAEIAM;
      for (const key of Object.keys(raw)) if (key.toLowerCase() === 'ashraeiam') raw.ashraeiamB0 ??= raw[key];
      const query = parse(defaultIamQuery, raw);
      const b0 = query.ashraeiamB0 ?? 0.05;
      const { tabular, sandia } = defaultIam({ ashraeB0: b0 });
      return {
        ashraeiamB0: b0,
        tabularIAM: tabular.angles.map((incidenceAngle, i) => ({
          incidenceAngle,
          factor: tabular.factors[i],
        })),
        sandiaIAMB0: sandia.b0,
        sandiaIAMB1: sandia.b1,
        sandiaIAMB2: sandia.b2,
        sandiaIAMB3: sandia.b3,
        sandiaIAMB4: sandia.b4,
        sandiaIAMB5: sandia.b5,
      };
    },
  );

  app.post(
    '/ElectricalShading/CustomParse',
    {
      schema: {
        summary: 'Read a custom electrical shading table file',
        ...fileUpload('An electrical shading table (CSV)'),
      },
    },
    async (request) => {
      requireAuth(request);
      const upload = await readUpload(request, SHADING_FILE, SHADING_FILE_LIMIT);
      return { electricalShadingInputTable: await parseInWorker('shading', upload.bytes, {}) };
    },
  );
}
