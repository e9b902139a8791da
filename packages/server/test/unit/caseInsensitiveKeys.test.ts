import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { canonicalKeys } from '../../src/lib/caseInsensitiveKeys.ts';
import { inverterBodySchema, moduleBodySchema } from '../../src/routes/module/schemas.ts';

describe('canonicalKeys: JSON names matched case-insensitively against a schema', () => {
  const schema = z
    .object({
      stcmppCurrent: z.number().optional(),
      kVACurves: z
        .array(z.object({ elevation: z.number(), kVAPoints: z.array(z.object({ kVA: z.number() })) }))
        .nullish(),
      inner: z.preprocess((v) => v, z.object({ dcWiringLossAtSTC: z.number() })).optional(),
      either: z.union([z.object({ setpointkW: z.number() }), z.string()]).optional(),
    })
    .extend({ name: z.string().default('x') });

  it('renames what the SDK sends to the schema spelling, at every level', () => {
    const sent = {
      stcMppCurrent: 2.355,
      kvaCurves: [{ Elevation: 0, kvaPoints: [{ kva: 60 }, { KVA: 66 }] }],
      inner: { dcWiringLossAtStc: 1.5 },
      either: { setpointKw: 10 },
      NAME: 'module',
      unknownField: 1,
    };
    expect(canonicalKeys(schema, sent)).toEqual({
      stcmppCurrent: 2.355,
      kVACurves: [{ elevation: 0, kVAPoints: [{ kVA: 60 }, { kVA: 66 }] }],
      inner: { dcWiringLossAtSTC: 1.5 },
      either: { setpointkW: 10 },
      name: 'module',
      unknownField: 1,
    });
  });

  it('keeps the exact spelling when both are sent, and leaves other values alone', () => {
    expect(canonicalKeys(schema, { stcMppCurrent: 1, stcmppCurrent: 2 })).toEqual({ stcmppCurrent: 2 });
    expect(canonicalKeys(schema, { stcmppCurrent: 2, stcMppCurrent: 1 })).toEqual({ stcmppCurrent: 2 });
    expect(canonicalKeys(schema, null)).toBeNull();
    expect(canonicalKeys(schema, 'text')).toBe('text');
    expect(canonicalKeys(schema, { either: 'text' })).toEqual({ either: 'text' });
  });

  it('maps the SDK spellings of the irregular module and inverter names', () => {
    const module = canonicalKeys(moduleBodySchema, {
      stcMppVoltage: 182.55,
      seriesResistanceAtStc: 5.2,
      ashraeIamB0: 0.05,
      sandiaIamB0: 1,
    }) as Record<string, unknown>;
    expect(module).toEqual({
      stcmppVoltage: 182.55,
      seriesResistanceAtSTC: 5.2,
      ashraeiamB0: 0.05,
      sandiaIAMB0: 1,
    });
    const inverter = canonicalKeys(inverterBodySchema, {
      kvaCurves: [{ elevation: 0, kvaPoints: [{ temperature: 25, kva: 66 }] }],
    }) as { kVACurves: { kVAPoints: Record<string, number>[] }[] };
    expect(inverter.kVACurves[0]!.kVAPoints[0]).toEqual({ temperature: 25, kVA: 66 });
  });
});
