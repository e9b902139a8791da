/**
 * The profile's Weather Vendors and Accessibility pages (issue 19): an admin sets the company's
 * Solargis key from the profile (kept encrypted, shown masked); a colleague without admin rights sees
 * it configured, read-only; the admin picks the Okabe–Ito palette, which is saved with their settings,
 * survives a reload and colours the charts (a module's charts).
 */
import { expect, test } from '@playwright/test';
import { STRONG_PASSWORD, readMail, signIn, uniqueEmail } from './helpers.ts';

const KEY = 'solargis-e2e-key-7f3a9c';

test('weather vendors and the colour palette on the profile', async ({ page, browser }) => {
  const email = uniqueEmail('profile');
  const signUp = await page.request.post('/api/auth/signup', {
    data: {
      companyName: 'Profile Co',
      firstName: 'Pia',
      lastName: 'Profile',
      email,
      password: STRONG_PASSWORD,
    },
  });
  expect(signUp.status()).toBe(201);
  const { accessToken, user } = (await signUp.json()) as { accessToken: string; user: { companyId: string } };
  const auth = { Authorization: `Bearer ${accessToken}` };
  expect((await page.request.post('/api/user/AcceptEULA', { headers: auth })).ok()).toBeTruthy();

  // Weather vendors: the company's accounts, editable by its admin.
  await page.goto('/user-profile/weather-vendors');
  await expect(page).toHaveTitle('Weather Vendors | Sunfield');
  const solargis = page.getByRole('region', { name: 'Solargis' });
  await expect(solargis.getByText('Not configured')).toBeVisible();
  await solargis.getByLabel('API key').fill(KEY);
  await solargis.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Solargis settings have been saved.')).toBeVisible();
  await expect(solargis.getByText('Configured', { exact: true })).toBeVisible();
  await expect(solargis.getByText(`Stored: ••••${KEY.slice(-4)}`)).toBeVisible();
  const stored = await page.request.get(`/api/Company/SolarGISSettings?CompanyId=${user.companyId}`, {
    headers: auth,
  });
  expect(JSON.stringify(await stored.json())).not.toContain(KEY);

  // A colleague (User role) sees it configured and cannot change it.
  const colleagueEmail = uniqueEmail('profile-user');
  const invite = await page.request.post(`/api/Company/${user.companyId}/User`, {
    headers: auth,
    data: {
      companyID: user.companyId,
      users: [{ firstName: 'Ulf', lastName: 'User', email: colleagueEmail }],
    },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const mail = await readMail(colleagueEmail, 'invited to Sunfield');
  const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1] ?? '';
  const login = await browser.newContext().then((c) => c.request);
  const first = await login.post('/api/auth/login', {
    data: { email: colleagueEmail, password: temporary, newPassword: 'Colleague-Own-2027!' },
  });
  expect(first.ok(), await first.text()).toBeTruthy();
  const colleagueToken = ((await first.json()) as { accessToken: string }).accessToken;
  await login.post('/api/user/AcceptEULA', { headers: { Authorization: `Bearer ${colleagueToken}` } });
  const colleague = await (await browser.newContext()).newPage();
  await signIn(colleague, colleagueEmail, 'Colleague-Own-2027!');
  await colleague.goto('/user-profile/weather-vendors');
  const seen = colleague.getByRole('region', { name: 'Solargis' });
  await expect(seen.getByText('Configured', { exact: true })).toBeVisible();
  await expect(seen.getByLabel('API key')).toBeDisabled();
  await expect(seen.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(colleague.getByText('Ask an admin of your company to set up a vendor.')).toBeVisible();

  // Accessibility: the palette, previewed, saved, kept after a reload.
  await page.goto('/user-profile/accessibility');
  await expect(page).toHaveTitle('Accessibility | Sunfield');
  await expect(page.getByRole('radio', { name: /^Sunfield/ })).toBeChecked();
  await page.getByRole('radio', { name: /Okabe–Ito/ }).check();
  await expect(page.getByRole('img', { name: 'Sample chart' })).toHaveAttribute('data-palette', 'okabeIto');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Pia Profile's data was saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /Okabe–Ito/ })).toBeChecked();
  const current = await page.request.get('/api/user/current', { headers: auth });
  expect(((await current.json()) as { settings: { colorPalette: string } }).settings.colorPalette).toBe(
    'okabeIto',
  );

  // The charts use it: a Global module's charts.
  await page.goto('/module-library');
  await page.getByRole('searchbox', { name: 'Search modules' }).fill('DNA-144-BF23-400W');
  await page
    .getByRole('table', { name: 'Modules' })
    .getByRole('link', { name: 'Aptos Solar Technology LLC DNA-144-BF23-400W', exact: true })
    .click({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Charts', exact: true }).click();
  const charts = page.locator('[role="img"][data-palette]');
  await expect(charts.first()).toHaveAttribute('data-palette', 'okabeIto');
  // The colleague's charts keep the default palette.
  await colleague.goto('/user-profile/accessibility');
  await expect(colleague.getByRole('radio', { name: /^Sunfield/ })).toBeChecked();
});
