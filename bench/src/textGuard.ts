/**
 * Cost of the shared text edge (issue 15) on large JSON bodies: the one pass over the raw bytes that
 * checks the nesting depth and looks for a `\u` escape (which decides whether the parsed body must
 * be walked), and the walk of every key and string (NUL, lone surrogate) when it must, against
 * JSON.parse of the same text. The body
 * is plant-shaped (blocks → arrays → inverters → DC fields, numbers and short strings), ~64 MB at
 * the default size; the walked case holds one `\u00e9` in a name.
 *
 *   npx tsx bench/src/textGuard.ts [--mb 64] [--runs 5]
 */
import { scanJson, textProblems } from '../../packages/server/src/lib/textGuard.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function field(i: number): Record<string, unknown> {
  return {
    name: i,
    repeater: 1,
    moduleId: 12345,
    trackingType: 1,
    modulesWiredInSeries: 28,
    numberOfSeriesStringsWiredInParallel: 240,
    groundCoverageRatio: 0.4,
    moduleTilt: 25.5,
    postHeight: 1.5,
    dcWiringLoss: 1.5,
    moduleQuality: -0.3,
    monthlySoiling: Array.from({ length: 12 }, (_, m) => 1 + m / 10),
    notes: `Field ${i} east of the substation`,
  };
}

function body(targetBytes: number, escape: boolean): string {
  const fieldBytes = JSON.stringify(field(1)).length + 1;
  const fields = Math.ceil(targetBytes / fieldBytes);
  const blocks = Math.ceil(fields / 100);
  const plant = {
    name: escape ? 'Caf\\u00e9 plant' : 'Plant',
    blocks: Array.from({ length: blocks }, (_, b) => ({
      name: b + 1,
      arrays: [
        { name: 1, inverters: [{ name: 'A', dcFields: Array.from({ length: 100 }, (_, f) => field(f)) }] },
      ],
    })),
  };
  const text = JSON.stringify(plant);
  return escape ? text.replace('"Caf\\\\u00e9 plant"', '"Caf\\u00e9 plant"') : text;
}

const time = (fn: () => unknown, runs: number): number => {
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
};

const mb = arg('mb', 64);
const runs = arg('runs', 5);
console.log(`text edge on a ${mb} MB plant-shaped JSON body, median of ${runs} (ms)`);
console.log('case          JSON.parse  byte scan        walk  edge total  edge/parse');
for (const escape of [false, true]) {
  const text = body(mb * 1024 * 1024, escape);
  const bytes = Buffer.from(text);
  const parsed = JSON.parse(text) as unknown;
  const parse = time(() => JSON.parse(text), runs);
  const scan = time(() => scanJson(bytes), runs);
  const needsWalk = scanJson(bytes).unicodeEscape;
  const walk = needsWalk ? time(() => textProblems(parsed, ''), runs) : 0;
  const total = scan + walk;
  console.log(
    `${needsWalk ? 'with \\u' : 'no \\u'}`.padEnd(14) +
      [parse, scan, walk, total].map((x) => x.toFixed(1).padStart(10)).join('  ') +
      `  ${((100 * total) / parse).toFixed(0).padStart(6)} %`,
  );
}
