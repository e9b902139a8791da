/**
 * Zod without eval. Zod compiles object parsers with `new Function` when it can, and probes for that
 * when the first object schema is built; under the app's Content-Security-Policy (no 'unsafe-eval')
 * the probe is refused and reported as a policy violation even though zod catches it. Imported first
 * by main.tsx, before any module (the domain's schemas) builds a schema.
 */
import { config } from 'zod';

config({ jitless: true });
