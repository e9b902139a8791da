/**
 * The signed-in shell: navigation and user sidebar of an admin, page titles, the unit switch that
 * persists, the route guard (remembered target, PVRADAR, unsaved changes).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';
import { signUpCompanyUser } from './predictionHelpers.ts';

const NAV_ITEMS = [
  'Projects',
  'Component Libraries',
  'Weather',
  'Inverters',
  'Modules',
  'Favorite Predictions',
  'Recent Predictions',
  'Prediction Log',
  'Resources',
  'Subscription',
  'Pro Tools',
  'Design Pro',
  'Voltage Pro',
  'Terrain Pro',
  'PVRADAR',
];

async function openSidebar(page: Page, name = 'Demo Engineer') {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  const sidebar = page.getByRole('dialog', { name });
  await expect(sidebar).toBeVisible();
  return sidebar;
}

test('the demo admin sees the navigation, the sidebar links and page titles', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const label of NAV_ITEMS) await expect(nav.getByText(label, { exact: true })).toBeVisible();
  await expect(nav.getByLabel('0 running predictions')).toBeVisible();
  await expect(page).toHaveTitle(/ \| Sunfield$/);

  await nav.getByText('Weather', { exact: true }).click();
  await expect(page).toHaveURL(/\/weather-library$/);
  await expect(page).toHaveTitle('Weather Library | Sunfield');
  await expect(page.getByRole('radio', { name: 'My Weather' })).toBeChecked();

  const sidebar = await openSidebar(page);
  await expect(sidebar.getByText(DEMO.email)).toBeVisible();
  await expect(sidebar.getByRole('radio', { name: 'Metric' })).toBeAttached();
  await expect(sidebar.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'View Company Defaults' })).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Manage Accounts' }).click();
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]+$/);
  await expect(page).toHaveTitle('Company | Sunfield');

  await (await openSidebar(page)).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/user-profile\/about-user$/);
  await expect(page).toHaveTitle('About User | Sunfield');
  await expect(page.getByLabel('First name')).toHaveValue('Demo');
});

test('the Metric/Imperial switch persists after a reload', async ({ page }) => {
  // A user of its own: the demo user's units are what the specs running beside this one read.
  const user = await signUpCompanyUser('units');
  await signIn(page, user.email, user.password);
  let sidebar = await openSidebar(page, 'Olive Outsider');
  const saved = page.waitForResponse((r) => /\/api\/User\/Settings$/i.test(r.url()) && r.ok());
  await sidebar.getByText('Imperial', { exact: true }).click();
  await saved;
  await page.reload();
  sidebar = await openSidebar(page, 'Olive Outsider');
  await expect(sidebar.getByRole('radio', { name: 'Imperial' })).toBeChecked();

  const restored = page.waitForResponse((r) => /\/api\/User\/Settings$/i.test(r.url()) && r.ok());
  await sidebar.getByText('Metric', { exact: true }).click();
  await restored;
  await page.reload();
  sidebar = await openSidebar(page, 'Olive Outsider');
  await expect(sidebar.getByRole('radio', { name: 'Metric' })).toBeChecked();
});

test('a protected page while signed out goes to sign-in and comes back after it', async ({ page }) => {
  await page.goto('/user-profile/about-user');
  await expect(page).toHaveURL(/\/login\?redirectUri=%2Fuser-profile%2Fabout-user$/);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user-profile\/about-user$/);
  await expect(page.getByLabel('Last name')).toHaveValue('Engineer');
});

test('PVRADAR without the extension is cancelled with the unlock modal', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  const before = page.url();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByText('PVRADAR', { exact: true })
    .click();
  const modal = page.getByRole('dialog', { name: 'Unlock PVRADAR + Sunfield' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Automated reports')).toBeVisible();
  expect(page.url()).toBe(before);
});

test('unsaved changes ask before leaving the page', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/user-profile/about-user');
  await page.getByLabel('First name').fill('Demonstrably');
  await page.waitForTimeout(1200); // the dirty-form debounce is 1000 ms
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByText('Projects', { exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(modal.getByText('You have unsaved changes.', { exact: false })).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/user-profile\/about-user$/);
  await expect(page.getByLabel('First name')).toHaveValue('Demonstrably');

  await nav.getByText('Projects', { exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Unsaved changes' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});
