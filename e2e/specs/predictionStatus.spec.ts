/**
 * A prediction through the change-status wizard (issue 19 must-show, spec 1 §4): from Draft-Private
 * to Analysis, with the draft-components modal listing the Draft-Private weather it uses and the status
 * it will take (Active), after which the prediction is read-only and the weather is Active.
 */
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';
import {
  READ_ONLY_TEXT,
  createRunnablePrediction,
  importGreensboroWeather,
  signInApi,
  tag,
} from './predictionHelpers.ts';

test('a prediction from Draft-Private to Analysis through the wizard, with its draft weather', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const api = await signInApi();
  const weatherName = `E2E Status Weather ${tag()}`;
  const predictionName = `E2E Status Prediction ${tag()}`;
  const weatherId = await importGreensboroWeather(api, weatherName);
  const p = await createRunnablePrediction(api, { name: predictionName, weatherId, blocks: 1 });
  // A new weather is Draft-Private (1), as a new prediction is.
  expect(((await api.get(`/api/Weather/${weatherId}`)) as { status: number }).status).toBe(1);

  await signIn(page, DEMO.email, DEMO.password);
  await page.goto(p.url);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Change Status' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/change-status/prediction\\?ids=${p.predictionId}&projectId=${p.projectId}$`),
  );
  await expect(page.getByRole('heading', { name: 'Change Prediction Status' })).toBeVisible();

  // Review, then the new status and its note.
  const files = page.getByRole('table', { name: 'Selected files' });
  await expect(
    files.getByRole('row', { name: new RegExp(`${predictionName}.*Draft-Private`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('combobox', { name: 'Change Status To' }).click();
  await page.getByRole('option', { name: 'Analysis', exact: true }).click();
  await page.getByRole('textbox', { name: 'Detailed Status Change Notes' }).fill('Ready for the bank.');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The draft components the prediction uses, each with the status it will take.
  const modal = page.getByRole('dialog', { name: 'Draft components affected' });
  await expect(modal).toBeVisible();
  const dependencies = modal.getByRole('table', { name: 'Affected dependencies' });
  await expect(
    dependencies.getByRole('row', { name: new RegExp(`${weatherName}.*Draft-Private.*Active`) }),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(modal).toBeHidden();

  // Confirm: the new status is shown, then the wizard goes back to the prediction, now read-only.
  await expect(
    files.getByRole('row', { name: new RegExp(`${predictionName}.*Draft-Private.*Analysis`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page).toHaveURL(new RegExp(`/prediction/${p.predictionId}/`));
  await expect(page.getByText(READ_ONLY_TEXT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  expect(((await api.get(p.apiPath)) as { status: number }).status).toBe(3);
  expect(((await api.get(`/api/Weather/${weatherId}`)) as { status: number }).status).toBe(3);
  await api.dispose();
});
