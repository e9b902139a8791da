/**
 * The one map of job names to handlers. A name is the queue name in pg-boss; add a line here for each
 * new kind of job (prediction runs, weather downloads, reports).
 */
import type { z } from 'zod';
import { mailSendJob } from './mailSend.ts';
import { predictionRunJob } from './predictionRun.ts';
import { reportGenerateJob } from './reportGenerate.ts';
import { weatherDownloadJob } from './weatherDownload.ts';
import type { JobDefinition } from './types.ts';

export const jobRegistry = {
  'mail.send': mailSendJob,
  'weather.download': weatherDownloadJob,
  'prediction.run': predictionRunJob,
  'report.generate': reportGenerateJob,
} satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof jobRegistry;

/** The data a job of that name is enqueued with. */
export type JobData<N extends JobName> = z.input<(typeof jobRegistry)[N]['schema']>;

export const jobNames = Object.keys(jobRegistry) as JobName[];

export function jobDefinition(name: JobName): JobDefinition {
  return jobRegistry[name] as JobDefinition;
}
