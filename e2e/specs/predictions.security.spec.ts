/**
 * Who may see and change a prediction, in the browser: a user of another company opening the URL of
 * the demo company's prediction sees "Prediction not found" and none of its data (the API answers
 * 404 to every call on it); after a status change to Analysis the prediction page is read-only (the
 * text of spec 1 §4, no Save) and the API refuses changes.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import {
  changePredictionStatus,
  createRunnablePrediction,
  PREDICTION_NOT_FOUND,
  PREDICTION_STATUS,
  predictionUrl,
  READ_ONLY_TEXT,
  runToSuccess,
  signInApi,
  signUpCompanyUser,
  tag,
  type Api,
} from './predictionHelpers.ts';

/** Everything the page shows for a prediction it may not show: the not-found state and nothing else. */
async function expectNotFound(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { name: PREDICTION_NOT_FOUND })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run Prediction' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Prediction pages' })).toHaveCount(0);
}

test.describe('prediction access', () => {
  let owner: Api | undefined;
  let outsider: Api | undefined;
  test.afterEach(async () => {
    await owner?.dispose();
    await outsider?.dispose();
    owner = outsider = undefined;
  });

  test("another company's user cannot open the prediction's URL and sees none of its data", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    owner = await signInApi();
    const name = `E2E Secret Prediction ${tag()}`;
    const p = await createRunnablePrediction(owner, { name });
    await runToSuccess(owner, p);

    outsider = await signUpCompanyUser('outsider');
    // The API: the prediction, its plant and its results are not found for the other company.
    for (const tail of ['', '/PowerPlant', '/ResultSummary', '/ResultDetails', '/Export']) {
      const res = await outsider.raw('GET', `${p.apiPath}${tail}`);
      expect(res.status(), `GET ${p.apiPath}${tail}`).toBe(404);
      expect(await res.text()).not.toContain(name);
    }
    expect((await outsider.raw('POST', `${p.apiPath}/Run`)).status()).toBe(404);

    // The browser: the overview, a page of the editor and the results all show the not-found state.
    await signIn(page, outsider.email, outsider.password);
    for (const sub of ['overview', 'block-array-builder', 'results/overview']) {
      await page.goto(predictionUrl(p.projectId, p.predictionId, sub));
      await expectNotFound(page, name);
    }
    await expect(page).toHaveTitle(`${PREDICTION_NOT_FOUND} | Sunfield`);
  });

  test('after a status change to Analysis the prediction is read-only and Save is gone', async ({ page }) => {
    test.setTimeout(120_000);
    owner = await signInApi();
    const name = `E2E Read-only Prediction ${tag()}`;
    const p = await createRunnablePrediction(owner, { name });

    await signIn(page, owner.email, owner.password);
    await page.goto(p.url);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByText(READ_ONLY_TEXT)).toHaveCount(0);

    await changePredictionStatus(owner, p, PREDICTION_STATUS.Analysis);
    await page.reload();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText(READ_ONLY_TEXT)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    // The builder too: the same header, no Save.
    await page.goto(predictionUrl(p.projectId, p.predictionId, 'block-array-builder'));
    await expect(page.getByText(READ_ONLY_TEXT)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    // The API refuses a change (409 with the reason).
    const refused = await owner.raw('POST', `${p.apiPath}/PowerPlant`, { blocks: [] });
    expect(refused.status()).toBe(409);
  });
});
