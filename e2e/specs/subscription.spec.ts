/**
 * Subscriptions and manage accounts (spec 1 §2, §6; issue 19): the super admin lists the companies on
 * /manage-accounts, makes one Free, creates and deletes another (with the confirmation), and makes a
 * promotion code; the Free company's user is refused the professional-only nodal export page in the
 * browser (the Pro dialog) and by the API (403), and a run (the general dialog); the company's admin
 * redeems the code on /subscription and the page opens. A plain user is sent away from
 * /manage-accounts.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { STRONG_PASSWORD, SUPER_ADMIN, uniqueEmail } from './helpers.ts';

const PRO_TEXT = 'This feature is only available for Pro subscribers :(';
const GENERAL_TEXT = 'This feature is only available for active subscribers :(';

/** Password sign-in on /login (the exact button: the page may offer single sign-on beside it). */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A new company, its admin (EULA accepted) and a project with one prediction, through the API. */
async function companyWithPrediction(request: APIRequestContext) {
  const email = uniqueEmail('plan-admin');
  const companyName = `Plan Co ${Date.now()}`;
  const signUp = await request.post('/api/auth/signup', {
    data: { companyName, firstName: 'Paula', lastName: 'Plan', email, password: STRONG_PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  expect((await request.post('/api/user/AcceptEULA', { headers })).ok()).toBeTruthy();
  const project = await request.post('/api/Project', {
    headers,
    data: { name: 'Plan project', latitude: 36.1, longitude: -79.95 },
  });
  expect(project.ok(), await project.text()).toBeTruthy();
  const projectId = ((await project.json()) as { id: number }).id;
  const prediction = await request.post(`/api/Project/${projectId}/Prediction`, {
    headers,
    data: { name: 'Plan prediction' },
  });
  expect(prediction.ok(), await prediction.text()).toBeTruthy();
  const predictionId = ((await prediction.json()) as { id: number }).id;
  return { email, companyName, projectId, predictionId };
}

test('a super admin makes a company Free; the professional-only page is refused in the browser and by the API until a promotion code is redeemed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await freshPage(browser);
  const world = await companyWithPrediction(admin.request);
  await admin.context().clearCookies();

  // The super admin (made by setup/serveFromCopy.mjs) signs in and opens Manage Accounts.
  const superAdmin = await freshPage(browser);
  const login = await superAdmin.request.post('/api/auth/login', { data: SUPER_ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  const superToken = ((await login.json()) as { accessToken: string }).accessToken;
  await superAdmin.request.post('/api/user/AcceptEULA', {
    headers: { Authorization: `Bearer ${superToken}` },
  });
  await superAdmin.goto('/manage-accounts');
  await expect(superAdmin.getByRole('heading', { name: 'Manage Accounts' })).toBeVisible();
  await expect(superAdmin).toHaveTitle('Manage Accounts | Sunfield');
  const row = superAdmin.getByTestId(`company-row-${world.companyName}`);
  await expect(row).toContainText('Free Trial');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  // Never the super admin's own company.
  await expect(
    superAdmin.getByTestId('company-row-E2E Operator').getByRole('button', { name: 'Delete' }),
  ).toBeDisabled();

  // Make the company Free.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = superAdmin.getByRole('dialog', { name: `Edit ${world.companyName}` });
  await edit.getByLabel('Tier', { exact: true }).click();
  await superAdmin.getByRole('option', { name: 'Free', exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Free');

  // Create a company, then delete it through the confirmation.
  const tempName = `Temporary Co ${Date.now()}`;
  await superAdmin.getByRole('button', { name: 'Create Company' }).click();
  const create = superAdmin.getByRole('dialog', { name: 'Create Company' });
  await create.getByRole('textbox', { name: 'Company name' }).fill(tempName);
  await create.getByRole('button', { name: 'Create' }).click();
  const tempRow = superAdmin.getByTestId(`company-row-${tempName}`);
  await expect(tempRow).toContainText('Free Trial');
  await tempRow.getByRole('button', { name: 'Delete' }).click();
  const confirm = superAdmin.getByRole('dialog', { name: `Delete ${tempName}?` });
  await expect(confirm).toContainText('It cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete Company' }).click();
  await expect(superAdmin.getByText(`${tempName} has been successfully deleted`)).toBeVisible();
  await expect(tempRow).toHaveCount(0);

  // A promotion code for a 30-day free trial.
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await superAdmin.getByRole('tab', { name: 'Promotion Codes' }).click();
  await superAdmin.getByRole('textbox', { name: 'Code' }).fill(code);
  await superAdmin.getByRole('textbox', { name: 'Max redemptions' }).fill('1');
  await superAdmin.getByRole('button', { name: 'Create Code' }).click();
  await expect(superAdmin.getByTestId(`code-row-${code}`)).toContainText('Free Trial');
  await expect(superAdmin.getByTestId(`code-row-${code}`)).toContainText('0 / 1');

  // The Free company's admin: the professional-only page is refused with the Pro dialog.
  await signIn(admin, world.email, STRONG_PASSWORD);
  const base = `/projects/${world.projectId}/prediction/${world.predictionId}`;
  await admin.goto(`${base}/nodal-export-options`);
  const proDialog = admin.getByRole('dialog').filter({ hasText: PRO_TEXT });
  await expect(proDialog).toBeVisible();
  await expect(proDialog.getByRole('button', { name: 'Contact Us' })).toBeVisible();
  await expect(admin).toHaveURL(/\/$/);
  await admin.keyboard.press('Escape');
  await expect(proDialog).toBeHidden();

  // …and by the API.
  const token = ((await (await admin.request.post('/api/auth/refresh')).json()) as { accessToken: string })
    .accessToken;
  const apiBase = `/api/Project/${world.projectId}/Prediction/${world.predictionId}`;
  const refused = await admin.request.get(`${apiBase}/NodalExport`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    subscriptionRequired: 'professional',
    feature: 'nodalExport',
  });

  // A run needs an active subscription: the general dialog, with Learn More to the subscription page.
  await admin.goto(`${base}/overview`);
  await admin.getByRole('button', { name: 'Run Prediction' }).click();
  const generalDialog = admin.getByRole('dialog').filter({ hasText: GENERAL_TEXT });
  await expect(generalDialog).toBeVisible();
  await generalDialog.getByRole('button', { name: 'Learn More' }).click();
  await expect(admin).toHaveURL(/\/subscription$/);

  // The subscription page: Free and what each plan includes; the code opens the Pro features.
  await expect(admin.getByTestId('current-tier')).toHaveText('Free');
  await expect(admin.getByRole('table', { name: 'Plans and features' })).toContainText('Professional');
  await admin.getByRole('textbox', { name: 'Promotion code' }).fill('NOT-A-CODE');
  await admin.getByRole('button', { name: 'Redeem' }).click();
  await expect(admin.getByText('This promotion code does not exist.')).toBeVisible();
  await admin.getByRole('textbox', { name: 'Promotion code' }).fill(code.toLowerCase());
  await admin.getByRole('button', { name: 'Redeem' }).click();
  await expect(admin.getByTestId('current-tier')).toHaveText('Free Trial');
  await expect(admin.getByTestId('subscription-state')).toHaveText('Active');
  await admin.goto(`${base}/nodal-export-options`);
  await expect(admin).toHaveURL(/nodal-export-options$/);
  await expect(admin.getByRole('dialog').filter({ hasText: PRO_TEXT })).toHaveCount(0);

  // The code is used up now.
  await superAdmin.reload();
  await superAdmin.getByRole('tab', { name: 'Promotion Codes' }).click();
  await expect(superAdmin.getByTestId(`code-row-${code}`)).toContainText('1 / 1');
});

test('a user who is not a super admin is sent away from Manage Accounts and refused by the API', async ({
  page,
}) => {
  const world = await companyWithPrediction(page.request);
  await page.context().clearCookies();
  await signIn(page, world.email, STRONG_PASSWORD);
  await page.goto('/manage-accounts');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Manage Accounts' })).toHaveCount(0);
  const token = ((await (await page.request.post('/api/auth/refresh')).json()) as { accessToken: string })
    .accessToken;
  const res = await page.request.get('/api/Company/Accounts', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
});
