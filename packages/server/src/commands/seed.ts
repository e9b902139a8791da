/**
 * First-start seed: the Global module and inverter libraries (librarySeed.ts), the demo company
 * "Demo Solar" (Professional) with its admin user, and the demo user's data (seedDemoData.ts: the
 * Greensboro TMY3, a project there and the prediction "Demo 2-block plant", ready to run).
 * Idempotent: running it again changes nothing (each part records that it ran; the demo data is made
 * once, so a user who deletes it does not get it back at the next start).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { companies, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { seedGlobalLibrary } from './librarySeed.ts';
import { seedDemoData, type DemoDataResult } from './seedDemoData.ts';

export const DEMO_COMPANY = 'Demo Solar';
export const DEMO_EMAIL = 'demo@sunfield.local';
export const DEMO_PASSWORD = 'sunfield-demo';

export interface SeedResult {
  /** whether the demo company and user were created now */
  created: boolean;
  /** what the demo data seed did */
  demo: DemoDataResult;
}

/**
 * What `sunfield serve` seeds on a company's PostgreSQL (DATABASE_URL): the Global library only. The
 * demo user, whose password is public, exists only on the embedded database or after `sunfield seed`.
 */
export async function seedLibrary(db: Db): Promise<void> {
  await seedGlobalLibrary(db);
}

export async function seedDemo(db: Db): Promise<SeedResult> {
  // The Global module and inverter libraries from the CEC lists, once (commands/librarySeed.ts).
  await seedGlobalLibrary(db);
  const created = await seedDemoAccount(db);
  // After the library: the demo plant uses its module and inverter (commands/seedDemoData.ts).
  const demo = await seedDemoData(db, { email: DEMO_EMAIL });
  return { created, demo };
}

/** The demo company and its admin user, unless the user exists; true when created now. */
async function seedDemoAccount(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`);
  if (existing.length) return false;
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: DEMO_COMPANY, subscriptionType: 2, isSubscriptionActive: true })
      .returning();
    if (!company) throw new Error('demo company not created');
    await tx.insert(users).values({
      companyId: company.id,
      email: DEMO_EMAIL,
      firstName: 'Demo',
      lastName: 'Engineer',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      roles: ['Admin'],
      eulaAcceptedAt: new Date(),
    });
  });
  return true;
}
