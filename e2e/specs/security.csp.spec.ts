/**
 * The Content-Security-Policy (issue 15, headers): every answer carries one, and the app works under it
 * without a single violation. Signs in, runs the demo prediction, and opens the main pages: the projects
 * list, a project with its map (MapLibre: blob: worker, data: images, the country outlines fetched),
 * the prediction's pages with their result charts (ECharts), the compare page, the weather library with
 * its map, the libraries, the prediction log and the profile. Each `securitypolicyviolation` event (in
 * the page and in its workers) and each console message about the policy fails the test.
 */
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';
import {
  DEMO_PREDICTION,
  demoPrediction,
  predictionUrl,
  runToSuccess,
  signInApi,
} from './predictionHelpers.ts';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects violations: the page's `securitypolicyviolation` events and console messages about the policy. */
function watchPolicy(page: Page): { messages: string[]; violations: () => Promise<string[]> } {
  const messages: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|connect|execute|apply|evaluate|create|frame)/i.test(text)) {
      messages.push(`${message.type()}: ${text}`);
    }
  };
  page.on('console', onConsole);
  page.on('worker', (worker) => worker.on('console', onConsole));
  return {
    messages,
    // The events of the current document (each navigation starts a new list: read before leaving).
    violations: () => page.evaluate(() => window.__cspViolations ?? []),
  };
}

/** A map region (MapLibre) that drew its canvas, and the country outlines it fetched. */
async function expectMap(page: Page, name: string): Promise<void> {
  // MapLibre's canvas is the region, named after the map (not the "Map unavailable" text of no WebGL).
  const region = page.getByRole('region', { name, exact: true });
  await expect(region, 'the map draws (WebGL available in this browser)').toBeVisible({ timeout: 20_000 });
  await expect(region).toHaveClass(/maplibregl-canvas/);
  // Style, worker and sources load after the canvas: give them time to run into the policy.
  await page.waitForTimeout(1500);
}

test('the app, its maps and its charts run under the Content-Security-Policy without a violation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    const record = (event: SecurityPolicyViolationEvent) =>
      window.__cspViolations!.push(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    document.addEventListener('securitypolicyviolation', record);
  });
  const watch = watchPolicy(page);
  const pageViolations: string[] = [];
  const check = async (where: string) => {
    for (const violation of await watch.violations()) pageViolations.push(`${where}: ${violation}`);
  };

  const api = await signInApi();
  const demo = await demoPrediction(api);
  await runToSuccess(api, { apiPath: `/api/Project/${demo.projectId}/Prediction/${demo.predictionId}` });

  // The document and the scripts it loads come with the policy.
  const first = await page.goto('/login');
  const policy = first?.headers()['content-security-policy'] ?? '';
  expect(policy, 'the Content-Security-Policy header of the app').toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(first?.headers()['x-content-type-options']).toBe('nosniff');

  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('radio', { name: 'Active' })).toBeChecked();
  await check('projects');

  await page.goto(`/projects/${demo.projectId}`);
  await expect(page.getByRole('table', { name: 'Predictions' })).toContainText(DEMO_PREDICTION);
  await expectMap(page, 'Project map');
  await check('project');

  const pages: [string, string][] = [
    ['overview', 'Weather'],
    ['block-array-builder', 'Block 1'],
    ['results/overview', 'Loss diagram'],
    ['results/charts', 'Power by day and hour'],
    ['results/table', 'Energy'],
  ];
  for (const [route, text] of pages) {
    await page.goto(predictionUrl(demo.projectId, demo.predictionId, route));
    await expect(page.getByRole('heading', { name: DEMO_PREDICTION, exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText(text).first()).toBeVisible({ timeout: 20_000 });
    if (route.startsWith('results/') && route !== 'results/table') {
      await expect(page.getByRole('main').locator('canvas').first()).toBeVisible({ timeout: 20_000 });
    }
    await page.waitForTimeout(900);
    await check(route);
  }

  await page.goto('/weather-library');
  const showMap = page.getByRole('button', { name: 'Show map' });
  await expect(showMap.or(page.getByRole('button', { name: 'Hide map' }))).toBeVisible();
  if (await showMap.isVisible()) await showMap.click();
  await expectMap(page, 'Weather map');
  await check('weather library');

  await page.goto('/create-project');
  await expectMap(page, 'Project location map');
  await check('create project');

  for (const route of ['/module-library', '/inverter-library', '/prediction-log', '/user-profile']) {
    await page.goto(route);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForTimeout(700);
    await check(route);
  }
  await api.dispose();

  expect(pageViolations, 'securitypolicyviolation events').toEqual([]);
  expect(watch.messages, 'console messages about the policy').toEqual([]);
});
