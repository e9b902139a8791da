import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { JobQueue, startWorkers, type JobRecord, type Workers } from '../../src/jobs/index.ts';
import { describeEachDatabase, uniqueEmail } from './harness.ts';

const quiet = { info: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForState(
  queue: JobQueue,
  id: string,
  state: string,
  timeoutMs = 20_000,
): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.getJob('mail.send', id);
    if (job?.state === state) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${job?.state ?? 'missing'}, not ${state}`);
    await sleep(100);
  }
}

// Mail jobs must stay queued until this suite starts its own workers.
describeEachDatabase('jobs', { mailWorkers: false }, (ctx) => {
  let workers: Workers | undefined;
  const queue = () => ctx().app.services.queue!;
  const outboxFor = (to: string) => ctx().database.db.select().from(outbox).where(eq(outbox.to, to));
  const start = async () => {
    workers = await startWorkers(ctx().database, quiet, {
      config: ctx().app.services.config,
      pollingIntervalSeconds: 0.5,
    });
  };

  afterAll(async () => {
    await workers?.stop();
  });

  it('keeps a queued job while no worker runs, across a restart of the queue, then runs it', async () => {
    const to = uniqueEmail('queued');
    const id = await queue().enqueue('mail.send', {
      to,
      subject: 'Queued',
      text: 'Kept until a worker runs.',
    });
    await sleep(1200);
    expect((await queue().getJob('mail.send', id))?.state).toBe('created');
    expect(await outboxFor(to)).toHaveLength(0);

    // Another process (a fresh queue on the same database) still sees it.
    const other = new JobQueue(ctx().database);
    expect((await other.getJob('mail.send', id))?.data).toEqual({
      to,
      subject: 'Queued',
      text: 'Kept until a worker runs.',
    });
    await other.stop();

    await start();
    const job = await waitForState(queue(), id, 'completed');
    expect(job.output).toEqual({ to });
    const [mail] = await outboxFor(to);
    expect(mail).toMatchObject({ subject: 'Queued', text: 'Kept until a worker runs.' });
  });

  it('runs a job enqueued while a worker runs', async () => {
    if (!workers) await start();
    const to = uniqueEmail('live');
    const id = await queue().enqueue('mail.send', {
      to,
      subject: 'Live',
      text: 'Sent now.',
      html: '<p>Sent now.</p>',
    });
    await waitForState(queue(), id, 'completed');
    expect(await outboxFor(to)).toMatchObject([{ subject: 'Live', html: '<p>Sent now.</p>' }]);
  });

  it('refuses data that does not fit the job', async () => {
    await expect(queue().enqueue('mail.send', { to: 'nobody', subject: '', text: 'x' })).rejects.toThrow();
    await expect(queue().enqueue('mail.send', { subject: 'No recipient' } as never)).rejects.toThrow();
  });

  it('runs jobs in a `sunfield worker` process against PostgreSQL', async (test) => {
    const { kind, database } = ctx();
    if (kind !== 'postgres' || !database.url) return test.skip();
    await workers?.stop();
    workers = undefined;
    const to = uniqueEmail('cli');
    const id = await queue().enqueue('mail.send', { to, subject: 'From the CLI worker', text: 'Hello.' });

    const bin = path.resolve(import.meta.dirname, '../../bin/sunfield.js');
    const env = { ...process.env, DATABASE_URL: database.url, SMTP_URL: '', LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, [bin, 'worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitForState(queue(), id, 'completed', 40_000);
      expect(await outboxFor(to)).toHaveLength(1);
      // The worker may run the queued job before startWorkers returns and the banner is printed
      // (Node 24 in CI, 2026-11-29): wait for it rather than read the output once.
      await vi.waitFor(() => expect(output).toContain('Sunfield worker started.'), { timeout: 20_000 });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  });
});
