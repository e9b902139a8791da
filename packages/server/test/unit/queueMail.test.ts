import { describe, expect, it, vi } from 'vitest';
import { queueMail } from '../../src/jobs/mailSend.ts';

const message = { to: 'ada@example.test', subject: 'Hello', text: 'Hi Ada.' };

function fakes(enqueue?: () => Promise<string>) {
  const mailer = { send: vi.fn(async () => {}) };
  const log = { error: vi.fn() };
  const queue = enqueue ? { enqueue: vi.fn(enqueue) } : undefined;
  return { mailer, log, queue };
}

describe('queueMail', () => {
  it('queues a mail.send job and leaves the sending to a worker', async () => {
    const { mailer, log, queue } = fakes(async () => 'job-1');
    await queueMail({ mailer, queue }, message, log);
    expect(queue?.enqueue).toHaveBeenCalledWith('mail.send', message);
    expect(mailer.send).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('sends directly without a queue', async () => {
    const { mailer, log } = fakes();
    await queueMail({ mailer }, message, log);
    expect(mailer.send).toHaveBeenCalledWith(message);
  });

  it('sends directly, and logs why, when the job cannot be queued', async () => {
    const { mailer, log, queue } = fakes(async () => {
      throw new Error('The job queue is stopped.');
    });
    await queueMail({ mailer, queue }, message, log);
    expect(mailer.send).toHaveBeenCalledWith(message);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ to: message.to }),
      'mail could not be queued; sending it directly',
    );
  });

  it('passes on a failure of the direct send', async () => {
    const { mailer, log } = fakes();
    mailer.send.mockRejectedValueOnce(new Error('outbox unavailable'));
    await expect(queueMail({ mailer }, message, log)).rejects.toThrow('outbox unavailable');
  });
});
