/**
 * First-start seed: the Global module and inverter libraries (librarySeed.ts) and the demo company
 * "Demo Solar" (Professional) with its admin user.
 * Idempotent: running it again changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { companies, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { seedGlobalLibrary } from './librarySeed.ts';

export const DEMO_COMPANY = 'Demo Solar';
export const DEMO_EMAIL = 'demo@sunfield.local';
export const DEMO_PASSWORD = 'sunfield-demo';

export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  // The Global module and inverter libraries from the CEC lists, once (commands/librarySeed.ts).
  await seedGlobalLibrary(db);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`);
  if (existing.length) return { created: false };
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
  return { created: true };
}
