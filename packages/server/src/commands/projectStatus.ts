/**
 * The two-call status change of projects (spec 1 §4): validate, then change. Both load every
 * listed project through the company scope first, so one id of another company makes the whole
 * call 404 and nothing changes.
 */
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { findProjectsByIds, setProjectStatuses, type ProjectRow } from '../models/project.ts';
import { canChangeProjectStatus, projectNotFound } from '../policies/project.ts';

export interface StatusChangeItem {
  id: number;
  status: number;
  note?: string | null | undefined;
}

/** What a status change would also change; projects have no draft components. */
export interface StatusValidation {
  draftComponents: { id: number; name: string; type: string; status: number; newStatus: number }[];
}

async function loadAll(db: Db, auth: AuthContext, items: StatusChangeItem[]): Promise<ProjectRow[]> {
  const ids = [...new Set(items.map((item) => item.id))];
  const rows = await findProjectsByIds(db, auth.company.id, ids);
  if (rows.length !== ids.length || rows.some((row) => !canChangeProjectStatus(auth, row))) {
    throw projectNotFound();
  }
  return rows;
}

export async function validateProjectStatusChange(
  db: Db,
  auth: AuthContext,
  items: StatusChangeItem[],
): Promise<StatusValidation> {
  await loadAll(db, auth, items);
  return { draftComponents: [] };
}

/**
 * Sets each project's status. The note is accepted but not stored: projects keep no status history
 * yet.
 */
export async function changeProjectStatus(
  db: Db,
  auth: AuthContext,
  items: StatusChangeItem[],
): Promise<void> {
  await loadAll(db, auth, items);
  await setProjectStatuses(
    db,
    auth.company.id,
    items.map((item) => ({ id: item.id, status: item.status })),
    auth.user.id,
  );
}
