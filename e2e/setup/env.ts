/** Ports and folders shared by the Playwright config, the global set-up and the specs. */
import os from 'node:os';
import path from 'node:path';

export const APP_PORT = Number(process.env.E2E_PORT ?? 3123);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
const runDir = process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), `sunfield-e2e-${process.ppid}`);
process.env.E2E_RUN_DIR = runDir;
export const RUN_DIR = runDir;
export const MAIL_DIR = path.join(runDir, 'mail');
export const DATA_DIR = path.join(runDir, 'db');
