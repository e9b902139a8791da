import { describe, expect, it } from 'vitest';
import { workerLogger } from '../../src/jobs/log.ts';
import { createLogger } from '../../src/lib/logger.ts';

describe('the worker log', () => {
  it('writes the API log format: JSON lines with a name, secrets and SQL parameters left out', () => {
    const lines: string[] = [];
    const log = workerLogger(createLogger('sunfield-worker', { write: (line) => lines.push(line) }));
    log.info({ job: 'mail.send', password: 'hunter2', body: { token: 'abc' } }, 'job done');
    const failure = Object.assign(
      new Error('Failed query: insert into "users" values ($1)\nparams: $argon2id$v=19$x'),
      {
        params: ['$argon2id$v=19$x'],
      },
    );
    log.error({ err: failure }, 'job failed');
    const [done, failed] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(done).toMatchObject({ name: 'sunfield-worker', level: 30, msg: 'job done', job: 'mail.send' });
    expect(done?.password).toBe('[redacted]');
    expect(JSON.stringify(done)).not.toContain('abc');
    expect(failed).toMatchObject({ name: 'sunfield-worker', level: 50, msg: 'job failed' });
    expect(lines.join('\n')).not.toContain('argon2');
  });
});
