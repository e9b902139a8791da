/**
 * Who may read, edit, delete and change the status of a project. Everything is scoped to the
 * caller's company: a project of another company is "not found" (404, text), never forbidden, so
 * ids of other companies reveal nothing. Within the company every signed-in user may act on every
 * project (spec 1 §6 names no finer rule).
 */
import { PROJECT_STATUS } from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { notFound } from '../lib/errors.ts';
import { integerId } from '../lib/request.ts';
import { findProject, type ProjectRow, type ProjectWithOwner } from '../models/project.ts';

export const PROJECT_NOT_FOUND = 'Project not found';

/** Statuses a user may set; 'Voltage Pro' belongs to the external voltage tool (spec 1 §4). */
export const SETTABLE_PROJECT_STATUSES: readonly number[] = [PROJECT_STATUS.Active, PROJECT_STATUS.Archived];

export const canReadProject = (auth: AuthContext, project: ProjectRow): boolean =>
  project.companyId === auth.company.id;
export const canUpdateProject = canReadProject;
export const canDeleteProject = canReadProject;
export const canChangeProjectStatus = canReadProject;

export const projectNotFound = () => notFound(PROJECT_NOT_FOUND);

/**
 * A project of the caller's company that the check allows; 404 for a malformed id, an unknown id,
 * another company's project or a refused check.
 */
export async function loadProjectFor(
  db: Db,
  auth: AuthContext,
  rawId: unknown,
  allowed: (auth: AuthContext, project: ProjectRow) => boolean = canReadProject,
): Promise<ProjectWithOwner> {
  const id = integerId(rawId);
  if (id === undefined) throw projectNotFound();
  const found = await findProject(db, auth.company.id, id);
  if (!found || !allowed(auth, found.project)) throw projectNotFound();
  return found;
}
