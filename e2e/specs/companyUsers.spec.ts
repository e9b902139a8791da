/**
 * Users of a company (issue 19), in the browser against the real server and mail: an admin invites a
 * user from the company's users page, the invitation is read from the mail, the user signs in with the
 * temporary password, sets their own, accepts the EULA and reaches the projects; the admin changes the
 * user's role, then disables the user, who is signed out and can no longer sign in; the user's page
 * shows what they own (reassign-assets): their project moves to the admin, who then deletes them.
 */
import { expect, test } from '@playwright/test';
import { STRONG_PASSWORD, readMail, uniqueEmail } from './helpers.ts';

const OWN_PASSWORD = 'Invited-Own-2027!';

test('invite → set a password → sign in; change the role; disable', async ({ page, browser }) => {
  const adminEmail = uniqueEmail('admin');
  const signUp = await page.request.post('/api/auth/signup', {
    data: {
      companyName: 'E2E Team Co',
      firstName: 'Ada',
      lastName: 'Admin',
      email: adminEmail,
      password: STRONG_PASSWORD,
    },
  });
  expect(signUp.status()).toBe(201);
  const { accessToken, user } = (await signUp.json()) as { accessToken: string; user: { companyId: string } };
  const accepted = await page.request.post('/api/user/AcceptEULA', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(accepted.ok()).toBeTruthy();

  await page.goto(`/companies/${user.companyId}/users`);
  await expect(page).toHaveTitle('Users | Sunfield');
  await expect(page.getByTestId(`user-row-${adminEmail}`)).toContainText('Active');

  // Invite.
  const email = uniqueEmail('invitee');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('First name').fill('Ivy');
  await dialog.getByLabel('Last name').fill('Invited');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Ivy Invited was created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('button', { name: 'Resend Welcome Email' })).toBeVisible();

  const mail = await readMail(email, 'invited to Sunfield');
  const link = /Sign in at (\S+)/.exec(mail.text)?.[1] ?? '';
  const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1] ?? '';
  expect(link, mail.text).toMatch(/\/login\?email=/);
  expect(temporary, mail.text).toHaveLength(16);

  // The invited user, in a browser of their own.
  const invitedContext = await browser.newContext();
  const invited = await invitedContext.newPage();
  const url = new URL(link);
  await invited.goto(`${url.pathname}${url.search}`);
  await expect(invited.getByLabel('Email')).toHaveValue(email);
  await invited.getByLabel('Password', { exact: true }).fill(temporary);
  await invited.getByRole('button', { name: 'Sign In' }).click();
  await expect(invited.getByText('Choose a new password to finish signing in.')).toBeVisible();
  await invited.getByLabel('New password', { exact: true }).fill('weak');
  await invited.getByLabel('Confirm new password').fill('weak');
  await invited.getByRole('button', { name: 'Sign In' }).click();
  await expect(invited.getByText('One uppercase character', { exact: false }).first()).toBeVisible();
  await invited.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
  await invited.getByLabel('Confirm new password').fill(OWN_PASSWORD);
  await invited.getByRole('button', { name: 'Sign In' }).click();
  await expect(invited).toHaveURL(/\/eula/);
  await invited.getByRole('button', { name: 'Accept' }).click();
  await expect(invited).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(
    invited.getByRole('navigation', { name: 'Main navigation' }).getByText('Projects'),
  ).toBeVisible();
  // The new user makes a project of their own (moved to the admin below).
  const refreshed = await invited.request.post('/api/auth/refresh');
  const { accessToken: invitedToken } = (await refreshed.json()) as { accessToken: string };
  const created = await invited.request.post('/api/Project', {
    headers: { Authorization: `Bearer ${invitedToken}` },
    data: { name: 'Ivy Plant', latitude: 36.1, longitude: -79.9 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  // The admin sees the user Active and makes them a Manager.
  await page.reload();
  await expect(row).toContainText('Active');
  await row.getByRole('combobox', { name: 'Role of Ivy Invited' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await expect(page.getByText('Ivy Invited was saved')).toBeVisible();
  await page.reload();
  await expect(row.getByRole('combobox', { name: 'Role of Ivy Invited' })).toHaveValue('Manager');

  // Disable: the user is signed out and cannot sign in again.
  await row.getByRole('button', { name: 'Disable' }).click();
  await page
    .getByRole('dialog', { name: 'Disable Ivy Invited?' })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();

  await invited.reload();
  await expect(invited).toHaveURL(/\/login/);
  await invited.getByLabel('Email').fill(email);
  await invited.getByLabel('Password', { exact: true }).fill(OWN_PASSWORD);
  await invited.getByRole('button', { name: 'Sign In' }).click();
  await expect(invited.locator('form').getByRole('alert')).toContainText('Incorrect email or password.');
  await invitedContext.close();

  // The user's page: their project moves to the admin, then the admin deletes them.
  await row.getByRole('link', { name: 'Ivy Invited' }).click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Ivy Invited' })).toBeVisible();
  await page.getByRole('button', { name: 'Reassign Assets' }).click();
  await expect(page).toHaveTitle('Reassign Assets | Sunfield');
  await expect(page.getByTestId('owned-projects')).toHaveText('1');
  await page.getByRole('checkbox', { name: 'Choose Ivy Plant' }).check();
  await page.getByRole('combobox', { name: 'Reassign to' }).click();
  await page.getByRole('option', { name: /Ada Admin/ }).click();
  await page.getByRole('button', { name: 'Reassign Chosen Assets' }).click();
  await page
    .getByRole('dialog', { name: 'Reassign Assets' })
    .getByRole('button', { name: 'Reassign' })
    .click();
  await expect(page.getByText("Ivy Invited's assets were reassigned to Ada Admin.")).toBeVisible();
  await expect(page.getByTestId('owned-projects')).toHaveText('0');
  await expect(page.getByText('Ivy Invited owns no assets.')).toBeVisible();
  await page.goBack();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Ivy Invited?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/companies/${user.companyId}/users$`));
  await expect(page.getByText('Ivy Invited has been successfully deleted')).toBeVisible();
  await expect(page.getByTestId(`user-row-${email}`)).toHaveCount(0);
});
