/** Messages sent through the contact form (POST /contact). */
import type { Db } from '../db/index.ts';
import { contactMessages } from '../db/schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(
  db: Db,
  values: {
    userId: string | null;
    companyId: string | null;
    email: string;
    subject: string;
    message: string;
  },
): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('contact message insert returned no row');
  return row;
}
