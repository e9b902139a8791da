/**
 * /api/Company: reading the own company and its users, default settings, and the weather-vendor
 * credentials (stored encrypted, shown masked, changed by admins only, other companies 404).
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companies } from '../../src/db/schema.ts';
import { addCompanyUser, signUpUser } from './factories.ts';
import { call, describeEachDatabase } from './harness.ts';

describeEachDatabase('company', (ctx) => {
  const app = () => ctx().app;

  it('shows the own company and its users; another company is 404, a super admin sees any', async () => {
    const admin = await signUpUser(app(), { companyName: 'Sunny Builders' });
    const other = await signUpUser(app());
    const own = await call(app(), {
      method: 'GET',
      url: `/api/Company/${admin.user.companyId}`,
      token: admin.token,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: admin.user.companyId, name: 'Sunny Builders' });

    for (const url of [
      `/api/Company/${other.user.companyId}`,
      `/api/Company/${other.user.companyId}/user`,
      `/api/Company/not-a-uuid`,
      `/api/Company/SolarGISSettings?CompanyId=${other.user.companyId}`,
      `/api/Company/DefaultSettings?CompanyId=${other.user.companyId}`,
    ]) {
      const res = await call(app(), { method: 'GET', url, token: admin.token });
      expect(res.statusCode, url).toBe(404);
    }

    const member = await addCompanyUser(app(), admin.user.companyId, { lastName: 'Aardvark' });
    const list = await call(app(), {
      method: 'GET',
      url: `/api/company/${admin.user.companyId}/user`,
      token: member.token,
    });
    expect(list.statusCode).toBe(200);
    const people = list.json() as { id: string; lastName: string }[];
    expect(people.map((p) => p.id).sort()).toEqual([admin.user.id, member.id].sort());
    expect(JSON.stringify(people)).not.toMatch(/passwordHash|password_hash/);

    const superAdmin = await addCompanyUser(app(), admin.user.companyId, { roles: ['FSLRAdmin'] });
    const seen = await call(app(), {
      method: 'GET',
      url: `/api/Company/${other.user.companyId}`,
      token: superAdmin.token,
    });
    expect(seen.statusCode).toBe(200);

    const mine = await call(app(), { method: 'GET', url: '/api/Company', token: member.token });
    expect((mine.json() as { id: string }[]).map((c) => c.id)).toEqual([admin.user.companyId]);
    const all = await call(app(), { method: 'GET', url: '/api/Company', token: superAdmin.token });
    const ids = (all.json() as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.companyId, other.user.companyId]));

    const renamed = await call(app(), {
      method: 'PUT',
      url: `/api/Company/${admin.user.companyId}`,
      token: admin.token,
      payload: { name: 'Sunny Builders Ltd', companyType: 1 },
    });
    expect(renamed.statusCode).toBe(200);
    const byMember = await call(app(), {
      method: 'PUT',
      url: `/api/Company/${admin.user.companyId}`,
      token: member.token,
      payload: { name: 'Hijacked' },
    });
    expect(byMember.statusCode).toBe(403);
    const foreign = await call(app(), {
      method: 'PUT',
      url: `/api/Company/${other.user.companyId}`,
      token: admin.token,
      payload: { name: 'Hijacked' },
    });
    expect(foreign.statusCode).toBe(404);
    const after = await call(app(), {
      method: 'GET',
      url: `/api/Company/${admin.user.companyId}`,
      token: member.token,
    });
    expect(after.json()).toMatchObject({ name: 'Sunny Builders Ltd', companyType: 1 });
  });

  it('stores vendor credentials encrypted, answers them masked and keeps a masked value on save', async () => {
    const admin = await signUpUser(app());
    const companyId = admin.user.companyId;
    const put = await call(app(), {
      method: 'PUT',
      url: `/api/Company/MeteonormSettings?CompanyId=${companyId}`,
      token: admin.token,
      payload: { licence: 'MN-LICENCE-123456', user: 'engineer', password: 'hunter2-long' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      companyId,
      licence: '••••3456',
      hasLicence: true,
      user: 'engineer',
      password: '••••long',
      hasPassword: true,
    });

    // Nothing readable in the database.
    const [row] = await ctx().database.db.select().from(companies).where(eq(companies.id, companyId));
    const stored = JSON.stringify(row!.defaultSettings);
    expect(stored).not.toContain('MN-LICENCE-123456');
    expect(stored).not.toContain('hunter2-long');
    expect(stored).toContain('enc:v1:');

    // Posting back what GET showed keeps the secrets; a changed user name is saved.
    const again = await call(app(), {
      method: 'PUT',
      url: '/api/Company/MeteonormSettings',
      token: admin.token,
      payload: { companyId, licence: '••••3456', user: 'engineer2', password: '••••long' },
    });
    expect(again.json()).toMatchObject({ licence: '••••3456', user: 'engineer2', password: '••••long' });

    const key = await call(app(), {
      method: 'PUT',
      url: '/api/Company/CleanPowerResearchSettings',
      token: admin.token,
      payload: { key: 'cpr-secret-key-0001' },
    });
    expect(key.json()).toEqual({ companyId, key: '••••0001', hasKey: true });
    const cleared = await call(app(), {
      method: 'PUT',
      url: '/api/Company/CleanPowerResearchSettings',
      token: admin.token,
      payload: { key: '' },
    });
    expect(cleared.json()).toEqual({ companyId, key: null, hasKey: false });

    const defaults = await call(app(), {
      method: 'GET',
      url: '/api/Company/DefaultSettings',
      token: admin.token,
    });
    expect(defaults.statusCode).toBe(200);
    expect(JSON.stringify(defaults.json())).not.toContain('enc:v1:');
    expect(defaults.json()).toMatchObject({ weatherAPISettings: { meteonorm: { licence: '••••3456' } } });

    const bad = await call(app(), {
      method: 'PUT',
      url: '/api/Company/NSRDBSettings',
      token: admin.token,
      payload: { apiKey: 'k'.repeat(40), email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().modelState.email).toBeDefined();
  });

  it('lets only admins change settings, and never another company’s', async () => {
    const admin = await signUpUser(app());
    const other = await signUpUser(app());
    const member = await addCompanyUser(app(), admin.user.companyId, { roles: ['User'] });
    const itAdmin = await addCompanyUser(app(), admin.user.companyId, { roles: ['ITAdmin'] });

    const asMember = await call(app(), {
      method: 'PUT',
      url: '/api/Company/SolarGISSettings',
      token: member.token,
      payload: { key: 'member-key-xxxx' },
    });
    expect(asMember.statusCode).toBe(403);
    const readable = await call(app(), {
      method: 'GET',
      url: '/api/Company/SolarGISSettings',
      token: member.token,
    });
    expect(readable.json()).toMatchObject({ key: null, hasKey: false });

    const asItAdmin = await call(app(), {
      method: 'PUT',
      url: '/api/Company/SolarGISSettings',
      token: itAdmin.token,
      payload: { key: 'solargis-key-1234' },
    });
    expect(asItAdmin.statusCode).toBe(200);

    const cross = await call(app(), {
      method: 'PUT',
      url: `/api/Company/SolarGISSettings?CompanyId=${other.user.companyId}`,
      token: admin.token,
      payload: { key: 'hijack-key-9999' },
    });
    expect(cross.statusCode).toBe(404);
    const untouched = await call(app(), {
      method: 'GET',
      url: '/api/Company/SolarGISSettings',
      token: other.token,
    });
    expect(untouched.json()).toMatchObject({ hasKey: false });

    const defaults = await call(app(), {
      method: 'PUT',
      url: '/api/Company/DefaultSettings',
      token: member.token,
      payload: { simulationSettings: { transpositionModel: 1 } },
    });
    expect(defaults.statusCode).toBe(403);
  });

  it('saves default settings groups and keeps the vendor credentials', async () => {
    const admin = await signUpUser(app());
    await call(app(), {
      method: 'PUT',
      url: '/api/Company/SolcastSettings',
      token: admin.token,
      payload: { key: 'solcast-key-abcd' },
    });
    const saved = await call(app(), {
      method: 'PUT',
      url: `/api/Company/DefaultSettings?companyId=${admin.user.companyId}`,
      token: admin.token,
      payload: {
        simulationSettings: { transpositionModel: 1 },
        weatherAPISettings: { solcast: { key: 'overwritten' } },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      simulationSettings: { transpositionModel: 1 },
      weatherAPISettings: { solcast: { key: '••••abcd', hasKey: true } },
    });
    const invalid = await call(app(), {
      method: 'PUT',
      url: '/api/Company/DefaultSettings',
      token: admin.token,
      payload: { simulationSettings: 5 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().modelState.simulationSettings).toBeDefined();
  });
});
