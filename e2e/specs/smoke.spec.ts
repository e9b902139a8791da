import { expect, test } from '@playwright/test';

test('the app loads and the API answers', async ({ page, request }) => {
  const version = await request.get('/api/system/version');
  expect(version.ok()).toBeTruthy();
  await page.goto('/');
  await expect(page).toHaveTitle(/Sunfield/);
});
