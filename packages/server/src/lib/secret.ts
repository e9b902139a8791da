/** The token-signing secret: SUNFIELD_SECRET, or one generated on first start and kept in the database. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { systemSettings } from '../db/schema.ts';
import { randomToken } from '../auth/tokens.ts';

export async function resolveSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await db.select().from(systemSettings).where(eq(systemSettings.key, 'tokenSecret'));
  if (typeof existing[0]?.value === 'string') return existing[0].value;
  const secret = randomToken(48);
  await db.insert(systemSettings).values({ key: 'tokenSecret', value: secret }).onConflictDoNothing();
  const stored = await db.select().from(systemSettings).where(eq(systemSettings.key, 'tokenSecret'));
  return String(stored[0]?.value ?? secret);
}
