/**
 * The list kit end to end (issue 16): list state lives in the address, so a search and a page survive
 * a reload and Back; library search ignores spaces and punctuation ("SC4000" finds "SC 4000 UP");
 * the library tables show whole status badges; and a signed-out page logs no console error (the
 * session probe is not an error when nobody is signed in).
 */
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/** The search settles after its debounce and a query: allow for a loaded machine. */
const SLOW = { timeout: 30_000 };

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the login page logs no console error', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const refresh = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // The session probe answered: signed out, which is no error.
  expect((await refresh).status()).toBe(204);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('library search ignores spaces and punctuation, and search and page survive reload and Back', async ({
  page,
}) => {
  // Three lists, two reloads and a library of 16,000 modules: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await signIn(page, DEMO.email, DEMO.password);

  // "SC4000" finds the Global "SMA America: SC 4000 UP-US …" inverter.
  await page.goto('/inverter-library');
  const inverterSearch = page.getByRole('searchbox', { name: 'Search inverters' });
  await inverterSearch.fill('SC4000');
  await expect(page).toHaveURL(/[?&]q=SC4000/, SLOW);
  const inverters = page.getByRole('table', { name: 'Inverters' });
  await expect(inverters.getByRole('link', { name: /SC 4000 UP/ }).first()).toBeVisible(SLOW);
  // The status badge is whole, not cut to 'GL…'.
  const badge = inverters.getByText('Global', { exact: true }).first();
  await expect(badge).toBeVisible(SLOW);
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.reload();
  await expect(inverterSearch).toHaveValue('SC4000');
  await expect(inverters.getByRole('link', { name: /SC 4000 UP/ }).first()).toBeVisible(SLOW);

  // Modules: a search with several pages; page 2 is in the address and survives a reload.
  await page.goto('/module-library');
  const moduleSearch = page.getByRole('searchbox', { name: 'Search modules' });
  await moduleSearch.fill('longi 72');
  await expect(page).toHaveURL(/[?&]q=longi(\+|%20)72/, SLOW);
  const modules = page.getByRole('table', { name: 'Modules' });
  await expect(modules.getByRole('link', { name: /LONGi/ }).first()).toBeVisible(SLOW);
  await expect(page.getByText(/^Showing 1–50 of \d+ modules/)).toBeVisible(SLOW);
  const pages = page.getByRole('navigation', { name: 'Pages' }).or(page.getByLabel('Pages'));
  await pages.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/, SLOW);
  await expect(page.getByText(/^Showing 51–\d+ of \d+ modules/)).toBeVisible(SLOW);
  await page.reload();
  await expect(moduleSearch).toHaveValue('longi 72');
  await expect(page.getByText(/^Showing 51–\d+ of \d+ modules/)).toBeVisible(SLOW);
  // Paging adds a history entry: Back shows page 1 of the same search.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^Showing 1–50 of \d+ modules/)).toBeVisible(SLOW);
  await expect(moduleSearch).toHaveValue('longi 72');

  // Projects keep their filter and search in the address too.
  await page.goto('/?status=all&q=zzzz-no-such-project');
  await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(page.getByRole('searchbox', { name: 'Search projects' })).toHaveValue('zzzz-no-such-project');
  await expect(page.getByText('No projects match "zzzz-no-such-project".')).toBeVisible();
});
