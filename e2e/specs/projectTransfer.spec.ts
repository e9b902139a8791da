/**
 * Projects in and out (issue 19): Export on the demo project's page downloads the project file; a
 * user of another company imports it on /projects/{type}/import and lands on the new project with
 * its prediction; a file of the wrong version shows spec 2 §8.4's message and the field.
 */
import { expect, test } from '@playwright/test';
import { DEMO, STRONG_PASSWORD, signIn, uniqueEmail } from './helpers.ts';
import { DEMO_PREDICTION, DEMO_PROJECT, demoPrediction, signInApi } from './predictionHelpers.ts';

test('export the demo project, import it into another company; a wrong file is refused', async ({
  page,
  browser,
}) => {
  const { projectId } = await demoPrediction(await signInApi());
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: DEMO_PROJECT, exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Demo_ Greensboro, NC.json');
  const file = test.info().outputPath('project.json');
  await download.saveAs(file);

  // A user of another company.
  const context = await browser.newContext();
  const other = await context.newPage();
  const signUp = await other.request.post('/api/auth/signup', {
    data: {
      companyName: 'E2E Import Co',
      firstName: 'Ivo',
      lastName: 'Importer',
      email: uniqueEmail('importer'),
      password: STRONG_PASSWORD,
    },
  });
  expect(signUp.status()).toBe(201);
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  const accepted = await other.request.post('/api/user/AcceptEULA', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(accepted.ok()).toBeTruthy();

  await other.goto('/');
  await other.getByRole('link', { name: 'Import Project' }).click();
  await expect(other).toHaveURL(/\/projects\/file\/import$/);
  await expect(other).toHaveTitle('Import Project | Sunfield');
  const input = other.locator('input[type="file"]');

  // A file of a version Sunfield does not read: the message and the field, nothing imported.
  await input.setInputFiles({
    name: 'future.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ sunfieldExport: 'project', version: 3, predictions: [] })),
  });
  await other.getByRole('button', { name: 'Import', exact: true }).click();
  const alert = other.getByRole('alert');
  await expect(alert).toContainText('The project could not be imported. Please try again');
  await expect(alert).toContainText('version');
  await expect(other).toHaveURL(/\/projects\/file\/import$/);

  await input.setInputFiles(file);
  await other.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(other).toHaveURL(/\/projects\/\d+$/);
  expect(other.url()).not.toMatch(new RegExp(`/projects/${projectId}$`));
  await expect(other.getByRole('heading', { name: DEMO_PROJECT, exact: true })).toBeVisible();
  await expect(other.getByText(DEMO_PREDICTION).first()).toBeVisible();
  await context.close();
});
