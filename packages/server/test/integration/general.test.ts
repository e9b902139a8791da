import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { contactMessages } from '../../src/db/schema.ts';
import { setMaintenanceMode } from '../../src/models/systemSettings.ts';
import { call, describeEachDatabase, waitForMail } from './harness.ts';
import { randomIp } from './factories.ts';
import { createCompanyUser } from './projectFactory.ts';

describeEachDatabase('general calls', (ctx) => {
  it('answers the version, the API version and the database kind without sign-in', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/system/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '0.1.0', apiVersion: '12.13.0', databaseKind: ctx().kind });
  });

  it('turns maintenance mode on and off for super admins only and answers 503 meanwhile', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    const admin = await createCompanyUser(app, { roles: ['User', 'FSLRAdmin'] });
    try {
      const off = await call(app, { method: 'GET', url: '/api/system/maintenancemode' });
      expect(off.json()).toEqual({ maintenanceMode: false, message: null });

      const refused = await call(app, {
        method: 'PUT',
        url: '/api/system/maintenancemode',
        token: user.token,
        payload: { maintenanceMode: true },
      });
      expect(refused.statusCode).toBe(403);
      const invalid = await call(app, {
        method: 'PUT',
        url: '/api/system/maintenancemode',
        token: admin.token,
        payload: { maintenanceMode: 'yes' },
      });
      expect(invalid.statusCode).toBe(400);

      const on = await call(app, {
        method: 'PUT',
        url: '/api/system/maintenancemode',
        token: admin.token,
        payload: { maintenanceMode: true, message: 'Back at noon.' },
      });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ maintenanceMode: true, message: 'Back at noon.' });
      expect((await call(app, { method: 'GET', url: '/api/System/MaintenanceMode' })).json()).toEqual({
        maintenanceMode: true,
        message: 'Back at noon.',
      });

      const blocked = await call(app, { method: 'GET', url: '/api/Project', token: user.token });
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json()).toEqual({ message: 'Sunfield is down for maintenance.' });
      expect((await call(app, { method: 'GET', url: '/api/country' })).statusCode).toBe(503);
      expect((await call(app, { method: 'GET', url: '/api/system/version' })).statusCode).toBe(200);
      // Sign-in calls stay open (a wrong password is refused, not 503).
      const login = await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong' },
        remoteAddress: `10.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}`,
      });
      expect(login.statusCode).not.toBe(503);

      expect((await call(app, { method: 'GET', url: '/api/Project', token: admin.token })).statusCode).toBe(
        200,
      );
      const switchOff = await call(app, {
        method: 'PUT',
        url: '/api/system/maintenancemode',
        token: admin.token,
        payload: { maintenanceMode: false },
      });
      expect(switchOff.json()).toEqual({ maintenanceMode: false, message: null });
      expect((await call(app, { method: 'GET', url: '/api/Project', token: user.token })).statusCode).toBe(
        200,
      );
    } finally {
      await setMaintenanceMode(database.db, { maintenanceMode: false, message: null });
    }
  });

  it('lists ISO countries sorted by name', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/country' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { name: string; code: string }[];
    expect(list).toContainEqual({ name: 'United States of America', code: 'US' });
    expect(list[0]).toEqual({ name: 'Afghanistan', code: 'AF' });
  });

  it('stores and mails contact messages, signed in or with an email address', async () => {
    const { app, database } = ctx();
    const me = await createCompanyUser(app);
    const subject = `Help ${crypto.randomBytes(4).toString('hex')}`;
    const res = await call(app, {
      method: 'POST',
      url: '/api/contact',
      remoteAddress: randomIp(),
      token: me.token,
      payload: { subject, message: 'How do I add a tracker?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'Success' });
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, subject));
    expect(stored).toMatchObject({ userId: me.userId, companyId: me.companyId, email: me.email });
    const [mail] = await waitForMail(database, 'support@sunfield.local', {
      subject: `[Sunfield contact] ${subject}`,
    });
    expect(mail?.text).toContain('How do I add a tracker?');

    const anonymous = await call(app, {
      method: 'POST',
      url: '/api/contact',
      remoteAddress: randomIp(),
      payload: { subject, message: 'Pricing?', email: 'visitor@example.test' },
    });
    expect(anonymous.statusCode).toBe(200);
    const mails = await waitForMail(database, 'support@sunfield.local', {
      subject: `[Sunfield contact] ${subject}`,
      count: 2,
    });
    expect(mails[1]?.text).toMatch(/^From: visitor@example\.test \(not signed in\)\n[^]*Pricing\?/);
    const noEmail = await call(app, {
      method: 'POST',
      url: '/api/contact',
      remoteAddress: randomIp(),
      payload: { subject, message: 'Hi' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect((noEmail.json() as { modelState: object }).modelState).toHaveProperty('email');
    const empty = await call(app, {
      method: 'POST',
      url: '/api/contact',
      remoteAddress: randomIp(),
      token: me.token,
      payload: { subject: '' },
    });
    expect(Object.keys((empty.json() as { modelState: object }).modelState).sort()).toEqual([
      'message',
      'subject',
    ]);
  });

  it('answers location and time zone offline; elevation only from weather', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const location = await call(app, {
      method: 'GET',
      url: '/api/Geo/52.3676/4.9041/Location',
      token: me.token,
    });
    expect(location.statusCode).toBe(200);
    expect(location.json()).toMatchObject({
      country: 'Netherlands',
      countryCode: 'NL',
      region: 'Western Europe',
    });
    const zone = await call(app, {
      method: 'GET',
      url: '/api/Geo/39.7392/-104.9903/TimeZone',
      token: me.token,
    });
    // timeZone is the offset in hours, as the SDK assigns it to standard_offset_from_utc.
    expect(zone.json()).toEqual({
      timeZone: -7,
      timeZoneName: 'America/Denver',
      standardOffsetFromUTC: -7,
    });
    const sea = await call(app, { method: 'GET', url: '/api/Geo/30/-40/Timezone', token: me.token });
    expect(sea.json()).toEqual({ timeZone: -3, timeZoneName: 'Etc/GMT+3', standardOffsetFromUTC: -3 });
    // No weather file near the point (ashrae.test.ts covers the answer from one): 404 text.
    const elevation = await call(app, { method: 'GET', url: '/api/Geo/30/-40/Elevation', token: me.token });
    expect(elevation.statusCode).toBe(404);
    expect(elevation.headers['content-type']).toContain('text/plain');
    const bad = await call(app, { method: 'GET', url: '/api/Geo/91/abc/Location', token: me.token });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: object }).modelState).sort()).toEqual(['lat', 'lng']);
    expect((await call(app, { method: 'GET', url: '/api/Geo/1/1/Location' })).statusCode).toBe(401);
  });
});
