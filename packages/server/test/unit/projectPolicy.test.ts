import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/auth/context.ts';
import type { ProjectRow } from '../../src/models/project.ts';
import {
  canChangeProjectStatus,
  canDeleteProject,
  canReadProject,
  canUpdateProject,
  SETTABLE_PROJECT_STATUSES,
} from '../../src/policies/project.ts';

const auth = (companyId: string, roles: string[] = ['User']) =>
  ({ user: { id: 'u', roles }, company: { id: companyId }, tokenKind: 'session' }) as unknown as AuthContext;
const project = { id: 1, companyId: 'c1' } as ProjectRow;

describe('project policy', () => {
  it('lets every user of the company act on the project', () => {
    for (const check of [canReadProject, canUpdateProject, canDeleteProject, canChangeProjectStatus]) {
      expect(check(auth('c1'), project)).toBe(true);
    }
  });
  it('refuses every user of another company, super admins included', () => {
    for (const check of [canReadProject, canUpdateProject, canDeleteProject, canChangeProjectStatus]) {
      expect(check(auth('c2'), project)).toBe(false);
      expect(check(auth('c2', ['FSLRAdmin']), project)).toBe(false);
    }
  });
  it('lets users set Active and Archived but not Voltage Pro', () => {
    expect(SETTABLE_PROJECT_STATUSES).toEqual([0, 1]);
  });
});
