/**
 * Screenshots of every prediction page, written to docs/screenshots/ by each e2e run (linked from the
 * README): the demo prediction of the first start ("Demo 2-block plant"), run, and each of its pages,
 * the compare page with a clone of it, the project page and the prediction log.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';
import {
  DEMO_PREDICTION,
  demoPrediction,
  predictionUrl,
  runToSuccess,
  signInApi,
} from './predictionHelpers.ts';

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');

type Json = Record<string, unknown>;

async function shoot(page: Page, name: string): Promise<void> {
  // Let charts finish their first animation.
  await page.waitForTimeout(900);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
}

const PAGES: [string, string, string][] = [
  ['overview', 'prediction-overview', 'Weather'],
  ['environmental-conditions', 'prediction-environmental-conditions', 'Soiling'],
  ['model-choices', 'prediction-model-choices', 'Transposition'],
  ['block-array-builder', 'prediction-block-array-builder', 'Block 1'],
  ['block-array-builder-quick-edit', 'prediction-quick-edit', 'Block'],
  ['system', 'prediction-system', 'Transformer'],
  ['nodal-export-options', 'prediction-nodal-export-options', 'Block'],
  ['results/overview', 'results-overview', 'Loss diagram'],
  ['results/blocks', 'results-blocks', 'Block'],
  ['results/table', 'results-table', 'Energy'],
  ['results/charts', 'results-charts', 'Power by day and hour'],
];

test('screenshots of the prediction pages', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await signInApi();
  const demo = await demoPrediction(api);
  const apiPath = `/api/Project/${demo.projectId}/Prediction/${demo.predictionId}`;
  await runToSuccess(api, { apiPath });
  const clone = await api.post<Json>(`${apiPath}/Clone`);
  await signIn(page, DEMO.email, DEMO.password);

  for (const [route, file, text] of PAGES) {
    await page.goto(predictionUrl(demo.projectId, demo.predictionId, route));
    await expect(page.getByRole('heading', { name: DEMO_PREDICTION, exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText(text).first()).toBeVisible({ timeout: 20_000 });
    if (route === 'block-array-builder') {
      // The DC field's editor with its instant previews (string window, clear-sky day).
      await page
        .getByRole('treeitem', { name: /^DC Field 1/i })
        .first()
        .click();
      await expect(page.getByTestId('dc-field-editor')).toBeVisible();
    }
    await shoot(page, file);
  }

  await page.goto(`/projects/${demo.projectId}/compare?ids=${demo.predictionId},${clone.id as number}`);
  await expect(page.getByRole('heading', { name: 'Loss trees' })).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'compare');

  await page.goto(`/projects/${demo.projectId}`);
  await expect(page.getByRole('table', { name: 'Predictions' })).toContainText(DEMO_PREDICTION);
  await shoot(page, 'project-predictions');

  await page.goto('/prediction-log');
  await expect(page.getByRole('main').getByText(DEMO_PREDICTION).first()).toBeVisible();
  await shoot(page, 'prediction-log');

  await api.call('DELETE', `/api/Project/${demo.projectId}/Prediction/${clone.id as number}`);
  await api.dispose();
});
