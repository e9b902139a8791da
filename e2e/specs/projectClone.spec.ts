/**
 * Project clone and prediction import (issue 19): a company that imported the demo project clones
 * it on /projects/{cloneID}/clone (the copy opens with the demo prediction), then imports predictions
 * into another project on /projects/{projectID}/import, from the clone and from the project file
 * (only the chosen prediction).
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { STRONG_PASSWORD, uniqueEmail } from './helpers.ts';
import { DEMO_PREDICTION, DEMO_PROJECT, demoPrediction, signInApi } from './predictionHelpers.ts';

test('clone a project; import predictions from another project and from a file', async ({ page }) => {
  // The demo project's file, read by the demo user.
  const demo = await signInApi();
  const { projectId: demoProjectId } = await demoPrediction(demo);
  const exported = await page.request.get(`/api/Project/${demoProjectId}/Export`, {
    headers: { Authorization: `Bearer ${demo.token}` },
  });
  expect(exported.ok()).toBeTruthy();
  const doc = (await exported.json()) as { predictions: { prediction: { name: string } }[] };
  // The file with a second prediction (the same one renamed), to choose from.
  const twice = {
    ...doc,
    predictions: [
      ...doc.predictions,
      { ...doc.predictions[0]!, prediction: { ...doc.predictions[0]!.prediction, name: 'Second copy' } },
    ],
  };
  const file = test.info().outputPath('demo-two.json');
  fs.writeFileSync(file, JSON.stringify(twice));

  // A company of its own with the demo project imported.
  const signUp = await page.request.post('/api/auth/signup', {
    data: {
      companyName: 'Clone Co',
      firstName: 'Cleo',
      lastName: 'Cloner',
      email: uniqueEmail('clone'),
      password: STRONG_PASSWORD,
    },
  });
  expect(signUp.status()).toBe(201);
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };
  expect((await page.request.post('/api/user/AcceptEULA', { headers: auth })).ok()).toBeTruthy();
  const imported = await page.request.post('/api/Project/Import', { headers: auth, data: doc });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const { id: sourceId } = (await imported.json()) as { id: number };
  const target = await page.request.post('/api/Project', {
    headers: auth,
    data: { name: 'Import Target', latitude: 36, longitude: -80 },
  });
  const { id: targetId } = (await target.json()) as { id: number };

  // Clone.
  await page.goto(`/projects/${sourceId}`);
  await expect(page.getByRole('heading', { name: DEMO_PROJECT, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Clone' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${sourceId}/clone$`));
  await expect(page).toHaveTitle('Clone Project | Sunfield');
  await expect(page.getByLabel('Name')).toHaveValue(`${DEMO_PROJECT} - CLONE`);
  await expect(page.getByRole('list', { name: 'Predictions to copy' })).toContainText(DEMO_PREDICTION);
  await page.getByLabel('Name').fill('Greensboro clone');
  await page.getByRole('button', { name: 'Clone', exact: true }).click();
  await expect(page.getByText(`${DEMO_PROJECT} has been cloned and saved.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Greensboro clone', exact: true })).toBeVisible();
  const cloneUrl = page.url();
  expect(cloneUrl).not.toContain(`/projects/${sourceId}`);
  await expect(page.getByRole('link', { name: DEMO_PREDICTION })).toBeVisible();

  // Import from another project: the clone's prediction into the target.
  await page.goto(`/projects/${targetId}`);
  await page.getByRole('link', { name: 'Import Predictions' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${targetId}/import$`));
  await expect(page).toHaveTitle('Import Predictions | Sunfield');
  await page.getByText('From another project').click();
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Greensboro clone' }).click();
  const fromProject = page.getByRole('group', { name: 'Predictions of Greensboro clone' });
  await fromProject.getByRole('checkbox', { name: DEMO_PREDICTION }).check();
  await page.getByRole('button', { name: 'Import 1 Prediction' }).click();
  await expect(page.getByText('1 prediction was imported into Import Target.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${targetId}$`));
  await expect(page.getByRole('link', { name: DEMO_PREDICTION })).toHaveCount(1);
  // The toast goes after 3 s; the next import shows the same text.
  await expect(page.getByText('1 prediction was imported into Import Target.')).toBeHidden();

  // Import from a file: only the second of its two predictions.
  await page.getByRole('link', { name: 'Import Predictions' }).click();
  await page.locator('input[type="file"]').setInputFiles(file);
  const inFile = page.getByRole('group', { name: 'Predictions in the file' });
  await expect(inFile.getByRole('checkbox', { name: 'Second copy' })).toBeChecked();
  await inFile.getByRole('checkbox', { name: DEMO_PREDICTION }).uncheck();
  await page.getByRole('button', { name: 'Import 1 Prediction' }).click();
  await expect(page.getByText('1 prediction was imported into Import Target.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Second copy' })).toBeVisible();
  await expect(page.getByRole('link', { name: DEMO_PREDICTION })).toHaveCount(1);

  // A file that is not a project file.
  await page.getByRole('link', { name: 'Import Predictions' }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello": 1}'),
  });
  await expect(
    page.getByRole('alert', { name: 'The project could not be imported. Please try again' }),
  ).toContainText('This file is not a Sunfield project file.');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
});
