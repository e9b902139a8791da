/** `sunfield create-admin`: creates a super admin (role FSLRAdmin), or promotes an existing user. */
import { eq, sql } from 'drizzle-orm';
import { ROLE, passwordProblems } from '@sunfield/domain';
import type { Db } from '../db/index.ts';
import { companies, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeCredentials } from './authSessions.ts';

export interface CreateAdminInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export async function createSuperAdmin(
  db: Db,
  input: CreateAdminInput,
): Promise<{ created: boolean; revokedUserId?: string }> {
  const problems = passwordProblems(input.password);
  if (problems.length) throw new Error(`Password: ${problems.join(', ')}`);
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (existing) {
    const roles = Array.from(new Set([...existing.roles, ROLE.SuperAdmin]));
    await db
      .update(users)
      .set({ roles, passwordHash: await hashPassword(input.password), lastModified: new Date() })
      .where(eq(users.id, existing.id));
    // A new password ends what the old one signed in.
    await revokeCredentials(db, existing.id);
    return { created: false, revokedUserId: existing.id };
  }
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: input.companyName, subscriptionType: 3, isSubscriptionActive: true })
      .returning();
    if (!company) throw new Error('company not created');
    await tx.insert(users).values({
      companyId: company.id,
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(input.password),
      roles: [ROLE.SuperAdmin, ROLE.Admin],
      eulaAcceptedAt: null,
    });
  });
  return { created: true };
}
