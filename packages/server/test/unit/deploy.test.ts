import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Issue 16: "`Dockerfile` (multi-stage, non-root) and `compose.yaml` with PostgreSQL, two API
 * processes and two workers … checked in CI by a test that builds the image only where a container
 * engine exists, and by a unit test of the config otherwise". The files are read as a container
 * engine would read them and checked against what the server really has: the settings config.ts
 * reads and the commands cli.ts runs.
 */
const REPO = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(REPO, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  ports?: string[];
  volumes?: string[];
  deploy?: { replicas?: number };
}

/** compose.yaml with its anchors and merge keys resolved, as Docker Compose reads it. */
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
const services = Object.entries(compose.services);
const sunfield = services.filter(([, s]) => s.image === 'sunfield:latest');
const processes = (command: string) =>
  sunfield
    .filter(([, s]) => s.command?.[0] === command)
    .reduce((sum, [, s]) => sum + (s.deploy?.replicas ?? 1), 0);

/** The settings config.ts reads from the environment (env.NAME). */
const settings = new Set(
  [...read('packages/server/src/config.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
);
/** The commands of `sunfield` (case 'name': in cli.ts). */
const commands = new Set(
  [...read('packages/server/src/cli.ts').matchAll(/case '([a-z-]+)':/g)].map((m) => m[1]),
);

/** The Dockerfile's stages: FROM lines and the instructions after each. */
const dockerfile = read('Dockerfile')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages = dockerfile.reduce<string[][]>((all, line) => {
  if (/^FROM\s/i.test(line)) all.push([line]);
  else all.at(-1)?.push(line);
  return all;
}, []);
const runtime = stages.at(-1) ?? [];

describe('compose.yaml', () => {
  it('runs PostgreSQL with a health check and a volume, two API processes and two workers', () => {
    const postgres = compose.services.postgres!;
    expect(postgres.image).toMatch(/^postgres:\d+/);
    expect(postgres.healthcheck?.test?.join(' ')).toContain('pg_isready');
    const volume = postgres.volumes?.[0]?.split(':')[0] ?? '';
    expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    expect(processes('serve')).toBe(2);
    expect(processes('worker')).toBe(2);
  });

  it('runs only commands that sunfield has', () => {
    expect(sunfield.length).toBeGreaterThan(0);
    for (const [name, service] of sunfield) expect(commands, name).toContain(service.command?.[0]);
  });

  it('sets only settings that config.ts reads, the shared secret from the environment', () => {
    for (const [name, service] of sunfield) {
      const environment = service.environment ?? {};
      for (const variable of Object.keys(environment))
        expect(settings, `${name}: ${variable}`).toContain(variable);
      expect(environment.DATABASE_URL, name).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      // Interpolated from the environment (or .env), never a secret written in the file.
      expect(environment.SUNFIELD_SECRET, name).toMatch(/^\$\{SUNFIELD_SECRET:\?/);
    }
    expect(compose.services.postgres!.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD/);
  });

  it('starts the Sunfield processes once PostgreSQL is healthy', () => {
    for (const [name, service] of sunfield) {
      expect(service.depends_on?.postgres?.condition, name).toBe('service_healthy');
    }
  });

  it('checks the health of the API processes and publishes their ports', () => {
    const api = sunfield.filter(([, s]) => s.command?.[0] === 'serve');
    const published = api.map(([, s]) => s.ports?.[0]?.split(':')[0]);
    expect(new Set(published).size).toBe(api.length);
    for (const [name, service] of api) {
      expect(service.healthcheck?.test?.join(' '), name).toContain('/api/health');
      expect(service.ports?.[0], name).toMatch(/:3000$/);
      // Jobs are the workers': an API process runs none.
      expect(service.environment?.SUNFIELD_WORKERS, name).toBe('0');
    }
  });
});

describe('Dockerfile', () => {
  it('builds in one stage and runs a slim Node image as a user who is not root', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile.find((line) => line.startsWith('ARG NODE_IMAGE='))).toMatch(/=node:(22|24)-slim$/);
    expect(stages[0]!.join('\n')).toMatch(/RUN npm ci\b/);
    expect(stages[0]!.join('\n')).toContain('RUN npm run build');
    const user = runtime.filter((line) => /^USER\s/i.test(line)).at(-1);
    expect(user).toBeDefined();
    expect(user!.split(/\s+/)[1]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('installs production dependencies only and copies what the server reads at run time', () => {
    const text = runtime.join('\n');
    expect(text).toMatch(/npm ci --omit=dev/);
    for (const dir of ['bin', 'drizzle', 'library', 'demo']) {
      expect(text).toContain(`COPY packages/server/${dir} packages/server/${dir}`);
      expect(fs.existsSync(path.join(REPO, 'packages/server', dir)), dir).toBe(true);
    }
    expect(text).toContain('packages/server/dist');
    expect(text).toContain('packages/web/dist');
  });

  it('checks /api/health and starts the sunfield command', () => {
    expect(runtime.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health');
    expect(runtime.find((line) => line.startsWith('ENTRYPOINT'))).toContain(
      'packages/server/bin/sunfield.js',
    );
  });

  it('leaves installed and built folders out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toContain('**/node_modules');
    expect(ignored).toContain('**/dist');
  });
});

/** A container engine that answers (not only its client): the image is built only there. */
const engine = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 20_000 }).status === 0;

describe.skipIf(!engine)('the image', () => {
  it('builds and runs the compiled command as a user who is not root', () => {
    const tag = `sunfield-test:${process.pid}`;
    const build = spawnSync('docker', ['build', '-t', tag, '.'], { cwd: REPO, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    try {
      const simulate = spawnSync('docker', ['run', '--rm', tag, 'simulate', '--help'], { encoding: 'utf8' });
      expect(simulate.status, simulate.stderr).toBe(0);
      expect(simulate.stdout).toContain('Usage: sunfield simulate');
      const id = spawnSync('docker', ['run', '--rm', '--entrypoint', 'id', tag, '-u'], { encoding: 'utf8' });
      expect(id.stdout.trim()).not.toBe('0');
    } finally {
      spawnSync('docker', ['rmi', '-f', tag], { stdio: 'ignore' });
    }
  }, 1_200_000);
});
