/**
 * Project export and import by role (docs/permissions.md, "Project export and import"): every role
 * of the company exports a colleague's project (a colleague's Draft-Private prediction only for Admin
 * and FSLRAdmin), imports a file into its own company and imports predictions into a colleague's
 * project; another company's Admin and super admin get 404 for the project.
 */
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { createPrediction, predictionWorld } from './predictionFactory.ts';
import { createCompanyUser } from './projectFactory.ts';

type Json = Record<string, unknown>;
const ROLES = ['User', 'Manager', 'Admin', 'ITAdmin', 'FSLRAdmin'] as const;
/** Roles that read a colleague's Draft-Private prediction (domain canReadPrediction: any admin). */
const READS_PRIVATE = new Set(['Admin', 'FSLRAdmin']);

describeEachDatabase('project export and import by role', (ctx) => {
  it('allows every role of the company, 404 for another company', async () => {
    const { app } = ctx();
    const owner = await predictionWorld(app);
    await createPrediction(app, owner, { name: 'Private', weatherId: owner.weatherId });
    const shared = await createPrediction(app, owner, { name: 'Shared' });
    const status = await call(app, {
      method: 'POST',
      url: `/api/Project/${owner.projectId}/Prediction/Status`,
      token: owner.token,
      payload: [{ id: shared, status: 2, note: 'shared' }],
    });
    expect(status.statusCode, status.body).toBe(200);
    const exportUrl = `/api/Project/${owner.projectId}/Export`;
    // Predictions are imported into another project of the owner (the exported one stays as it is).
    const target = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: owner.token,
      payload: { name: 'Target', latitude: 36.1, longitude: -79.95 },
    });
    expect(target.statusCode, target.body).toBe(200);
    const targetId = (target.json() as { id: number }).id;

    for (const role of ROLES) {
      const colleague = await createCompanyUser(app, { roles: [role], companyId: owner.companyId });
      const exported = await call(app, { method: 'GET', url: exportUrl, token: colleague.token });
      expect(exported.statusCode, role).toBe(200);
      const doc = exported.json() as Json;
      const names = (doc.predictions as Json[]).map((p) => (p.prediction as Json).name);
      expect(names, role).toEqual(READS_PRIVATE.has(role) ? ['Private', 'Shared'] : ['Shared']);
      const validated = await call(app, {
        method: 'POST',
        url: '/api/Project/Import/Validate',
        token: colleague.token,
        payload: doc,
      });
      expect(validated.statusCode, `${role}: ${validated.body}`).toBe(200);
      const imported = await call(app, {
        method: 'POST',
        url: '/api/Project/Import',
        token: colleague.token,
        payload: doc,
      });
      expect(imported.statusCode, `${role}: ${imported.body}`).toBe(200);
      const into = await call(app, {
        method: 'POST',
        url: `/api/Project/${targetId}/ImportPredictions`,
        token: colleague.token,
        payload: doc,
      });
      expect(into.statusCode, `${role}: ${into.body}`).toBe(200);
    }

    const doc = (await call(app, { method: 'GET', url: exportUrl, token: owner.token })).json() as Json;
    for (const role of ['Admin', 'FSLRAdmin']) {
      const stranger = await createCompanyUser(app, { roles: [role] });
      const exported = await call(app, { method: 'GET', url: exportUrl, token: stranger.token });
      expect(exported.statusCode, role).toBe(404);
      const into = await call(app, {
        method: 'POST',
        url: `/api/Project/${targetId}/ImportPredictions`,
        token: stranger.token,
        payload: doc,
      });
      expect(into.statusCode, role).toBe(404);
    }
  });
});
