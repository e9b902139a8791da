/**
 * Users of a company (issue 19): invite (POST /Company/{cid}/User) → mail with a link to
 * /login?email=… and a temporary password → the user sets their own and signs in; role change,
 * disable and enable, delete, resend welcome, set password, search and reassign-assets. Who may do
 * what (policies/companyUsers.ts), and a second company that never sees nor changes the first's users.
 */
import { eq } from 'drizzle-orm';
import { generateSecret, generateSync } from 'otplib';
import { expect, it } from 'vitest';
import {
  INVITATION_CALLS,
  INVITE_SUBJECT,
  OWNS_ASSETS,
  TOO_MANY_INVITATIONS,
  takeInvitationCall,
} from '../../src/commands/companyUsers.ts';
import { TEMPORARY_PASSWORD_EXPIRED } from '../../src/commands/logIn.ts';
import { RESET_SUBJECT } from '../../src/commands/passwordReset.ts';
import { inverters, modules, predictions, projects, users, weathers } from '../../src/db/schema.ts';
import { addCompanyUser, randomIp, refreshCookieOf, signUpUser } from './factories.ts';
import { STRONG_PASSWORD, call, describeEachDatabase, uniqueEmail, waitForMail } from './harness.ts';
import { TestHubClient, listenUrl } from './hubClient.ts';

const NEW_PASSWORD = 'My-own-Pass-42';

describeEachDatabase('company users', (ctx) => {
  const app = () => ctx().app;
  const db = () => ctx().database.db;

  const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
    call(app(), {
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email, password, ...extra },
    });

  const invite = (token: string, companyId: string, people: Record<string, unknown>[]) =>
    call(app(), { method: 'POST', url: `/api/Company/${companyId}/User`, token, payload: { users: people } });

  /** The temporary password and link of the newest invitation to `email`. */
  async function invitationOf(email: string, count = 1) {
    const mails = await waitForMail(ctx().database, email, { subject: INVITE_SUBJECT, count });
    const text = mails[mails.length - 1]?.text ?? '';
    const password = /Temporary password: (\S+)/.exec(text)?.[1] ?? '';
    const link = /Sign in at (\S+)/.exec(text)?.[1] ?? '';
    return { password, link, text };
  }

  it('invites a user who sets a password at the first sign-in and is then Active', async () => {
    const admin = await signUpUser(app(), { firstName: 'Ada', lastName: 'Admin' });
    const email = uniqueEmail('invitee');
    const res = await invite(admin.token, admin.user.companyId, [
      { email: email.toUpperCase(), firstName: 'Ivy', lastName: 'Invited', role: 'Manager' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [created] = res.json() as { id: string; email: string; status: number; roles: unknown }[];
    expect(created).toMatchObject({ email, status: 2, roles: [{ role: { name: 'Manager' } }] });

    const { password, link, text } = await invitationOf(email);
    expect(link).toMatch(new RegExp(`/login\\?email=${encodeURIComponent(email).replace(/[.]/g, '\\.')}$`));
    expect(text).toContain('Ada Admin invited you');
    expect(password).toMatch(/^\S{16}$/);

    // The temporary password asks for a new one and signs nobody in.
    const asked = await login(email, password);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ newPasswordRequired: true });
    expect(refreshCookieOf(asked)).toBe('');
    const weak = await login(email, password, { newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys((weak.json() as { modelState: object }).modelState)).toEqual(['newPassword']);
    const same = await login(email, password, { newPassword: password });
    expect(same.statusCode).toBe(400);

    const done = await login(email, password, { newPassword: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    const signedIn = done.json() as {
      accessToken: string;
      user: { status: number; eulaAcceptedStatus: boolean };
    };
    expect(signedIn.user).toMatchObject({ status: 1, eulaAcceptedStatus: false });
    const eula = await call(app(), {
      method: 'POST',
      url: '/api/user/AcceptEULA',
      token: signedIn.accessToken,
    });
    expect(eula.statusCode).toBe(200);

    expect((await login(email, password)).statusCode).toBe(401);
    const again = await login(email, NEW_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toHaveProperty('accessToken');
    // Now active: nothing to resend.
    const resend = await call(app(), {
      method: 'POST',
      url: `/api/user/${created?.id}/ResendWelcomeEmail`,
      token: admin.token,
    });
    expect(resend.statusCode).toBe(409);
  });

  it('refuses bad invitations naming the field, and a taken email with 409', async () => {
    const admin = await signUpUser(app());
    const cid = admin.user.companyId;
    const bad = await invite(admin.token, cid, [
      { email: 'not-an-email', firstName: 'A', lastName: 'B' },
      { email: uniqueEmail(), firstName: '', lastName: 'B', role: 'Wizard' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: object }).modelState).sort()).toEqual([
      'users.0.email',
      'users.1.firstName',
      'users.1.role',
    ]);
    const empty = await invite(admin.token, cid, []);
    expect(empty.statusCode).toBe(400);
    const twice = uniqueEmail();
    const dup = await invite(admin.token, cid, [
      { email: twice, firstName: 'A', lastName: 'B' },
      { email: twice, firstName: 'C', lastName: 'D' },
    ]);
    expect(dup.statusCode).toBe(400);
    const taken = await invite(admin.token, cid, [
      { email: uniqueEmail(), firstName: 'A', lastName: 'B' },
      { email: admin.email, firstName: 'C', lastName: 'D' },
    ]);
    expect(taken.statusCode).toBe(409);
    expect((taken.json() as { modelState: object }).modelState).toHaveProperty(['users.1.email']);
    const mismatch = await call(app(), {
      method: 'POST',
      url: `/api/Company/${cid}/User`,
      token: admin.token,
      payload: {
        companyID: crypto.randomUUID(),
        users: [{ email: uniqueEmail(), firstName: 'A', lastName: 'B' }],
      },
    });
    expect(mismatch.statusCode).toBe(400);
    // Nothing of the refused calls was created.
    const list = await call(app(), { method: 'GET', url: `/api/Company/${cid}/user`, token: admin.token });
    expect((list.json() as unknown[]).length).toBe(1);
  });

  it('lets admins, IT admins and super admins manage users; users and managers get 403', async () => {
    const admin = await signUpUser(app());
    const cid = admin.user.companyId;
    const member = await addCompanyUser(app(), cid, { roles: ['User'] });
    const manager = await addCompanyUser(app(), cid, { roles: ['Manager'] });
    const itAdmin = await addCompanyUser(app(), cid, { roles: ['ITAdmin'] });
    const target = await addCompanyUser(app(), cid);
    const person = () => [{ email: uniqueEmail(), firstName: 'New', lastName: 'Person' }];

    for (const who of [member, manager]) {
      expect((await invite(who.token, cid, person())).statusCode).toBe(403);
      for (const [method, url, payload] of [
        ['PUT', `/api/User/${target.id}/Role`, { role: 'Admin' }],
        ['PUT', `/api/User/${target.id}/Status`, { status: 0 }],
        ['DELETE', `/api/User/Delete/${target.id}`, undefined],
        ['POST', `/api/User/${target.id}/SetUserPassword`, { password: STRONG_PASSWORD }],
        ['POST', `/api/User/${target.id}/ResendWelcomeEmail`, undefined],
        ['POST', `/api/users/${target.id}/reassign-assets`, { toUserId: who.id }],
      ] as const) {
        const res = await call(app(), { method, url, token: who.token, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await invite(itAdmin.token, cid, person())).statusCode).toBe(201);
    const byIt = await call(app(), {
      method: 'PUT',
      url: `/api/User/${target.id}/Role`,
      token: itAdmin.token,
      payload: { userID: target.id, role: 'IT Admin' },
    });
    expect(byIt.statusCode, byIt.body).toBe(200);
    expect(byIt.json()).toMatchObject({ roles: [{ role: { name: 'ITAdmin' } }] });

    // Only a super admin makes or changes a super admin; nobody changes their own role.
    const grant = {
      method: 'PUT' as const,
      url: `/api/User/${member.id}/Role`,
      payload: { role: 'FSLRAdmin' },
    };
    expect((await call(app(), { ...grant, token: admin.token })).statusCode).toBe(403);
    const own = await call(app(), {
      method: 'PUT',
      url: `/api/User/${admin.user.id}/Role`,
      token: admin.token,
      payload: { role: 'User' },
    });
    expect(own.statusCode).toBe(403);
    const superAdmin = await addCompanyUser(app(), cid, { roles: ['FSLRAdmin'] });
    expect((await call(app(), { ...grant, token: superAdmin.token })).statusCode).toBe(200);
    const demote = await call(app(), {
      method: 'PUT',
      url: `/api/User/${member.id}/Role`,
      token: admin.token,
      payload: { role: 'User' },
    });
    expect(demote.statusCode).toBe(403);
    const badRole = await call(app(), {
      method: 'PUT',
      url: `/api/User/${target.id}/Role`,
      token: admin.token,
      payload: { role: 42 },
    });
    expect(badRole.statusCode).toBe(400);
    expect((badRole.json() as { modelState: object }).modelState).toHaveProperty('role');
  });

  it('keeps a second company out: 404 for every call on the first company’s users', async () => {
    const first = await signUpUser(app(), { lastName: 'Firstco' });
    const second = await signUpUser(app(), { lastName: 'Secondco' });
    const victim = await addCompanyUser(app(), first.user.companyId, { lastName: 'Victim' });
    const calls = [
      ['GET', `/api/User/${victim.id}`, undefined],
      ['PUT', `/api/User/${victim.id}/Role`, { role: 'Admin' }],
      ['PUT', `/api/User/${victim.id}/Status`, { status: 0 }],
      ['DELETE', `/api/User/Delete/${victim.id}`, undefined],
      ['POST', `/api/User/${victim.id}/SetUserPassword`, { password: STRONG_PASSWORD, permanent: true }],
      ['POST', `/api/User/${victim.id}/ResendWelcomeEmail`, undefined],
      ['GET', `/api/users/${victim.id}/reassign-assets`, undefined],
      ['POST', `/api/users/${victim.id}/reassign-assets`, { toUserId: second.user.id }],
      ['GET', `/api/User/Search?companyId=${first.user.companyId}`, undefined],
      [
        'POST',
        `/api/Company/${first.user.companyId}/User`,
        { users: [{ email: uniqueEmail(), firstName: 'X', lastName: 'Y' }] },
      ],
    ] as const;
    for (const [method, url, payload] of calls) {
      const res = await call(app(), { method, url, token: second.token, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Moving the second company's assets to a user of the first is refused too.
    const mine = await addCompanyUser(app(), second.user.companyId);
    const across = await call(app(), {
      method: 'POST',
      url: `/api/users/${mine.id}/reassign-assets`,
      token: second.token,
      payload: { toUserId: victim.id },
    });
    expect(across.statusCode).toBe(400);
    const search = await call(app(), {
      method: 'GET',
      url: '/api/User/Search?q=Victim',
      token: second.token,
    });
    expect(search.json()).toEqual([]);
    // The victim is untouched.
    const [row] = await db().select().from(users).where(eq(users.id, victim.id));
    expect(row).toMatchObject({ status: 1, roles: ['User'] });
    expect((await login(victim.email, victim.password)).statusCode).toBe(200);

    // A super admin (of the second company) manages the first's users.
    const superAdmin = await addCompanyUser(app(), second.user.companyId, { roles: ['FSLRAdmin'] });
    const role = await call(app(), {
      method: 'PUT',
      url: `/api/User/${victim.id}/Role`,
      token: superAdmin.token,
      payload: { role: 'Manager' },
    });
    expect(role.statusCode).toBe(200);
    expect(role.json()).toMatchObject({ companyId: first.user.companyId });
    const found = await call(app(), {
      method: 'GET',
      url: `/api/User/Search?companyId=${first.user.companyId}&q=victim`,
      token: superAdmin.token,
    });
    expect((found.json() as { id: string }[]).map((u) => u.id)).toEqual([victim.id]);
  });

  it('disabling revokes sessions, access tokens and API clients; enabling lets the user back', async () => {
    const admin = await signUpUser(app());
    const email = uniqueEmail('disabled');
    const member = await signUpAsMember(admin, email);
    const secret = await call(app(), {
      method: 'POST',
      url: `/api/User/${member.id}/Secret`,
      token: member.token,
    });
    const credentials = secret.json() as { clientId: string; clientSecret: string };
    const hub = await TestHubClient.connect(await listenUrl(app()), member.token);
    const disable = await call(app(), {
      method: 'PUT',
      url: `/api/User/${member.id}/Status`,
      token: admin.token,
      payload: { status: 0 },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect(disable.json()).toMatchObject({ status: 0 });
    // Its live connection is closed at once, not when its token expires.
    expect((await hub.closed).code).toBe(4401);
    expect(
      (await call(app(), { method: 'GET', url: '/api/user/current', token: member.token })).statusCode,
    ).toBe(401);
    const refresh = await call(app(), {
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: member.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    const client = await call(app(), {
      method: 'POST',
      url: '/api/oauth2/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      },
    });
    expect(client.statusCode).not.toBe(200);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(401);
    const bad = await call(app(), {
      method: 'PUT',
      url: `/api/User/${member.id}/Status`,
      token: admin.token,
      payload: { status: 2 },
    });
    expect(bad.statusCode).toBe(400);

    const enable = await call(app(), {
      method: 'PUT',
      url: `/api/User/${member.id}/Status`,
      token: admin.token,
      payload: { status: 1 },
    });
    expect(enable.json()).toMatchObject({ status: 1 });
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    // The credentials revoked on disabling stay revoked.
    const clientAgain = await call(app(), {
      method: 'POST',
      url: '/api/oauth2/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      },
    });
    expect(clientAgain.statusCode).toBe(401);
    expect(
      (await call(app(), { method: 'GET', url: '/api/user/current', token: member.token })).statusCode,
    ).toBe(401);
  });

  /** A member who signed in through the login route (refresh cookie and token of their own). */
  async function signUpAsMember(admin: { user: { companyId: string } }, email: string) {
    const added = await addCompanyUser(app(), admin.user.companyId, { email });
    const res = await login(email, STRONG_PASSWORD);
    const body = res.json() as { accessToken: string };
    return { id: added.id, token: body.accessToken, cookie: refreshCookieOf(res) };
  }

  it('resends the welcome email with a new temporary password, which expires', async () => {
    const admin = await signUpUser(app());
    const email = uniqueEmail('resend');
    const res = await invite(admin.token, admin.user.companyId, [
      { email, firstName: 'Re', lastName: 'Send' },
    ]);
    const [created] = res.json() as { id: string }[];
    const first = await invitationOf(email);
    const resend = await call(app(), {
      method: 'POST',
      url: `/api/User/${created?.id}/ResendWelcomeEmail`,
      token: admin.token,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const second = await invitationOf(email, 2);
    expect(second.password).not.toBe(first.password);
    expect((await login(email, first.password)).statusCode).toBe(401);
    expect((await login(email, second.password)).json()).toEqual({ newPasswordRequired: true });

    await db()
      .update(users)
      .set({ passwordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, created?.id ?? ''));
    const expired = await login(email, second.password, { newPassword: NEW_PASSWORD });
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toContain(TEMPORARY_PASSWORD_EXPIRED);
  });

  it('sets a temporary or permanent password and revokes the old sessions', async () => {
    const admin = await signUpUser(app());
    const email = uniqueEmail('setpw');
    const member = await signUpAsMember(admin, email);
    const temporary = 'Temp-Pass-2026!';
    const set = await call(app(), {
      method: 'POST',
      url: `/api/User/${member.id}/SetUserPassword`,
      token: admin.token,
      payload: { password: temporary },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(
      (await call(app(), { method: 'GET', url: '/api/user/current', token: member.token })).statusCode,
    ).toBe(401);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, temporary)).json()).toEqual({ newPasswordRequired: true });

    const weak = await call(app(), {
      method: 'POST',
      url: `/api/User/${member.id}/SetUserPassword`,
      token: admin.token,
      payload: { password: 'abc', permanent: true },
    });
    expect(weak.statusCode).toBe(400);
    expect((weak.json() as { modelState: object }).modelState).toHaveProperty('password');
    const permanent = await call(app(), {
      method: 'POST',
      url: `/api/User/${member.id}/SetUserPassword`,
      token: admin.token,
      payload: { password: NEW_PASSWORD, permanent: true },
    });
    expect(permanent.statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).json()).toHaveProperty('accessToken');
    const self = await call(app(), {
      method: 'POST',
      url: `/api/User/${admin.user.id}/SetUserPassword`,
      token: admin.token,
      payload: { password: NEW_PASSWORD },
    });
    expect(self.statusCode).toBe(403);
  });

  it('reassigns every asset to a colleague in one go, and deletes a user only once they own none', async () => {
    const admin = await signUpUser(app());
    const cid = admin.user.companyId;
    const leaver = await addCompanyUser(app(), cid, { lastName: 'Leaver' });
    const heir = await addCompanyUser(app(), cid, { lastName: 'Heir' });
    const [project] = await db()
      .insert(projects)
      .values({ companyId: cid, ownerId: leaver.id, name: 'Leaver project', latitude: 36, longitude: -80 })
      .returning();
    await db()
      .insert(predictions)
      .values({ companyId: cid, projectId: project?.id ?? 0, ownerId: leaver.id, name: 'Leaver prediction' });
    await db().insert(modules).values({ companyId: cid, ownerId: leaver.id, name: 'Leaver module' });
    await db().insert(inverters).values({ companyId: cid, ownerId: leaver.id, name: 'Leaver inverter' });
    await db().insert(weathers).values({ companyId: cid, ownerId: leaver.id, name: 'Leaver weather' });
    const owned = { projects: 1, predictions: 1, modules: 1, inverters: 1, weather: 1 };

    const counts = await call(app(), {
      method: 'GET',
      url: `/api/users/${leaver.id}/reassign-assets`,
      token: admin.token,
    });
    expect(counts.json()).toEqual({ userId: leaver.id, owned });
    const refused = await call(app(), {
      method: 'DELETE',
      url: `/api/User/Delete/${leaver.id}`,
      token: admin.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(OWNS_ASSETS);
    const toSelf = await call(app(), {
      method: 'POST',
      url: `/api/users/${leaver.id}/reassign-assets`,
      token: admin.token,
      payload: { toUserId: leaver.id },
    });
    expect(toSelf.statusCode).toBe(400);
    const badBody = await call(app(), {
      method: 'POST',
      url: `/api/users/${leaver.id}/reassign-assets`,
      token: admin.token,
      payload: { toUserId: 'nobody' },
    });
    expect(Object.keys((badBody.json() as { modelState: object }).modelState)).toEqual(['toUserId']);

    const moved = await call(app(), {
      method: 'POST',
      url: `/api/users/${leaver.id}/reassign-assets`,
      token: admin.token,
      payload: { toUserId: heir.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ fromUserId: leaver.id, toUserId: heir.id, reassigned: owned });
    for (const table of [projects, predictions, modules, inverters, weathers]) {
      const rows = await db().select({ ownerId: table.ownerId }).from(table).where(eq(table.companyId, cid));
      expect(rows.map((r) => r.ownerId)).toEqual([heir.id]);
    }

    const deleted = await call(app(), {
      method: 'DELETE',
      url: `/api/User/Delete/${leaver.id}`,
      token: admin.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      (await call(app(), { method: 'GET', url: '/api/user/current', token: leaver.token })).statusCode,
    ).toBe(401);
    expect(
      (await call(app(), { method: 'GET', url: `/api/User/${leaver.id}`, token: admin.token })).statusCode,
    ).toBe(404);

    // Deleting with reassignTo moves the assets in the same transaction.
    const deleteWith = await call(app(), {
      method: 'DELETE',
      url: `/api/User/Delete/${heir.id}?reassignTo=${admin.user.id}`,
      token: admin.token,
    });
    expect(deleteWith.statusCode, deleteWith.body).toBe(200);
    expect(deleteWith.json()).toEqual({ deleted: true, reassigned: owned });
    const [kept] = await db()
      .select()
      .from(projects)
      .where(eq(projects.id, project?.id ?? 0));
    expect(kept?.ownerId).toBe(admin.user.id);
    const selfDelete = await call(app(), {
      method: 'DELETE',
      url: `/api/User/Delete/${admin.user.id}`,
      token: admin.token,
    });
    expect(selfDelete.statusCode).toBe(403);
  });

  it('searches the company’s users by name and email words', async () => {
    const admin = await signUpUser(app(), { firstName: 'Grace', lastName: 'Hopper' });
    const cid = admin.user.companyId;
    await addCompanyUser(app(), cid, { firstName: 'Alan', lastName: 'Turing' });
    await addCompanyUser(app(), cid, { firstName: 'Alan', lastName: 'Kay' });
    const search = async (q: string) => {
      const res = await call(app(), {
        method: 'GET',
        url: `/api/User/Search?q=${encodeURIComponent(q)}`,
        token: admin.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { lastName: string }[]).map((u) => u.lastName);
    };
    expect(await search('alan')).toEqual(['Kay', 'Turing']);
    expect(await search('alan tur')).toEqual(['Turing']);
    expect(await search('%')).toEqual([]);
    expect((await search('')).length).toBe(3);
    const tooLong = await call(app(), {
      method: 'GET',
      url: `/api/User/Search?q=${'x'.repeat(201)}`,
      token: admin.token,
    });
    expect(Object.keys((tooLong.json() as { modelState: object }).modelState)).toEqual(['q']);
  });

  it('limits the invitation calls of a company (429), not those of another', async () => {
    const admin = await signUpUser(app());
    const other = await signUpUser(app());
    for (let i = 0; i < INVITATION_CALLS.max; i++) await takeInvitationCall(db(), admin.user.companyId);
    const person = () => [{ email: uniqueEmail(), firstName: 'Late', lastName: 'Comer' }];
    const refused = await invite(admin.token, admin.user.companyId, person());
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(TOO_MANY_INVITATIONS);
    expect((await invite(other.token, other.user.companyId, person())).statusCode).toBe(201);
  });

  it('lets an invited user choose a password through forgot-password instead', async () => {
    const admin = await signUpUser(app());
    const email = uniqueEmail('forgot');
    await invite(admin.token, admin.user.companyId, [{ email, firstName: 'For', lastName: 'Got' }]);
    await invitationOf(email);
    const asked = await call(app(), {
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: randomIp(),
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await waitForMail(ctx().database, email, { subject: RESET_SUBJECT });
    const code = /Code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    const reset = await call(app(), {
      method: 'POST',
      url: '/api/auth/forgot-password/submit',
      remoteAddress: randomIp(),
      payload: { email, code, password: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.json()).toMatchObject({ user: { status: 1 } });
  });

  it('asks a user with an authenticator for the new password, then the code, then replaces it', async () => {
    const admin = await signUpUser(app());
    const email = uniqueEmail('totp-temp');
    const member = await addCompanyUser(app(), admin.user.companyId, { email });
    const secret = generateSecret({ length: 20 });
    await db().update(users).set({ totpSecret: secret, totpEnabled: true }).where(eq(users.id, member.id));
    const temporary = 'Temp-Pass-2026!';
    await call(app(), {
      method: 'POST',
      url: `/api/User/${member.id}/SetUserPassword`,
      token: admin.token,
      payload: { password: temporary },
    });
    expect((await login(email, temporary)).json()).toEqual({ newPasswordRequired: true });
    expect((await login(email, temporary, { newPassword: NEW_PASSWORD })).json()).toEqual({
      totpRequired: true,
    });
    // A wrong code changes nothing.
    const wrong = await login(email, temporary, { newPassword: NEW_PASSWORD, totp: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect((await login(email, temporary)).json()).toEqual({ newPasswordRequired: true });
    const code = generateSync({ secret });
    const done = await login(email, temporary, { newPassword: NEW_PASSWORD, totp: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toHaveProperty('accessToken');
  });

  it('lists a user’s assets by type and moves chosen ones (GET /User/{id}/{x}/asset, POST /User/{id}/asset)', async () => {
    const admin = await signUpUser(app());
    const cid = admin.user.companyId;
    const owner = await addCompanyUser(app(), cid, { lastName: 'Owner' });
    const receiver = await addCompanyUser(app(), cid, { lastName: 'Receiver' });
    const [project] = await db()
      .insert(projects)
      .values({ companyId: cid, ownerId: owner.id, name: 'Chosen project', latitude: 36, longitude: -80 })
      .returning();
    const [moduleRow] = await db()
      .insert(modules)
      .values({ companyId: cid, ownerId: owner.id, name: 'Kept module' })
      .returning();
    const list = async (x: number, token = admin.token, who = owner.id) =>
      call(app(), { method: 'GET', url: `/api/User/${who}/${x}/asset`, token });
    const all = await list(0);
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json() as { assetType: number; name: string }[]).map((a) => [a.assetType, a.name])).toEqual([
      [1, 'Chosen project'],
      [2, 'Kept module'],
    ]);
    expect((await list(2)).json()).toMatchObject([{ assetType: 2, id: moduleRow?.id, name: 'Kept module' }]);
    expect((await list(6)).statusCode).toBe(400);
    // Their own list, yes; a colleague's, no; another company's, not found.
    expect((await list(0, owner.token)).statusCode).toBe(200);
    expect((await list(0, receiver.token)).statusCode).toBe(403);
    const stranger = await signUpUser(app());
    expect((await list(0, stranger.token)).statusCode).toBe(404);

    const move = (assets: unknown[], toUserId = receiver.id) =>
      call(app(), {
        method: 'POST',
        url: `/api/User/${owner.id}/asset`,
        token: admin.token,
        payload: { toUserId, assets },
      });
    const notOwned = await move([
      { assetType: 1, id: project?.id },
      { assetType: 3, id: 999_999 },
    ]);
    expect(notOwned.statusCode).toBe(400);
    expect(Object.keys((notOwned.json() as { modelState: object }).modelState)).toEqual(['assets.1']);
    const [still] = await db()
      .select()
      .from(projects)
      .where(eq(projects.id, project?.id ?? 0));
    expect(still?.ownerId).toBe(owner.id);
    expect((await move([{ assetType: 1, id: project?.id }], stranger.user.id)).statusCode).toBe(400);

    const moved = await move([{ assetType: 1, id: project?.id }]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ reassigned: 1 });
    expect((await list(0)).json()).toMatchObject([{ assetType: 2, name: 'Kept module' }]);
    expect((await list(0, admin.token, receiver.id)).json()).toMatchObject([
      { assetType: 1, name: 'Chosen project' },
    ]);
  });
});
