/// <reference lib="dom" />
/**
 * The builder stays responsive on a 300-block plant (issue 14): typing in a DC field of a plant of 300
 * blocks repaints within 100 ms. Measured in the page with the Performance API: for each keystroke,
 * from the input event's timestamp to the first task after the next animation frame (the frame that
 * shows the new value), and the Event Timing API's duration of the key events (input delay +
 * processing + presentation). The figures are printed and attached to the test; the test fails only
 * when the page does not take the typed value (no timed assertion, as for every bench).
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { createRunnablePrediction, predictionUrl, signInApi, tag } from './predictionHelpers.ts';

declare global {
  interface Window {
    __keyPaint?: number[];
    __eventDurations?: number[];
  }
}

test('typing in a DC field of a 300-block plant repaints quickly', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await signInApi();
  const prediction = await createRunnablePrediction(api, { name: `E2E 300 blocks ${tag()}`, blocks: 300 });
  await api.dispose();

  await signIn(page, api.email, api.password);
  const opened = Date.now();
  await page.goto(predictionUrl(prediction.projectId, prediction.predictionId, 'block-array-builder'));
  const tree = page.getByRole('tree', { name: 'Power plant' });
  // The tree is virtualized: only the rows in view are in the page.
  await expect(tree.getByRole('treeitem', { name: /^Block 1\b/ })).toBeVisible({ timeout: 60_000 });
  const openMs = Date.now() - opened;
  await tree
    .getByRole('treeitem', { name: /^DC Field 1/i })
    .first()
    .click();
  const tilt = page.getByTestId('dc-field-editor').getByRole('textbox', { name: 'Tilt (°)', exact: true });
  await expect(tilt).toBeVisible();

  await page.evaluate(() => {
    window.__keyPaint = [];
    window.__eventDurations = [];
    document.addEventListener(
      'input',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => window.__keyPaint!.push(performance.now() - start), 0));
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'keydown' || entry.name === 'keypress' || entry.name === 'input')
          window.__eventDurations!.push(entry.duration);
    }).observe({ type: 'event', buffered: false, durationThreshold: 16 } as PerformanceObserverInit);
  });

  await tilt.click();
  await tilt.press('Control+a');
  await tilt.press('Backspace');
  const typed = '27.512345';
  for (const key of typed) {
    await page.keyboard.press(key);
    await page.waitForTimeout(60);
  }
  await expect(tilt).toHaveValue(/^27\.51/);
  await page.waitForTimeout(300);

  const { keyPaint, durations } = await page.evaluate(() => ({
    keyPaint: window.__keyPaint ?? [],
    durations: window.__eventDurations ?? [],
  }));
  expect(keyPaint.length).toBeGreaterThanOrEqual(typed.length);
  const sorted = [...keyPaint].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const max = sorted[sorted.length - 1]!;
  const eventMax = durations.length ? Math.max(...durations) : 0;
  const figure =
    `300-block plant (300 DC fields): builder open ${openMs} ms; keystroke → next frame ` +
    `median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${keyPaint.length} keys; ` +
    `Event Timing: ${durations.length} key events over 16 ms, longest ${eventMax.toFixed(0)} ms`;
  console.log(figure);
  test.info().annotations.push({ type: 'builder keystroke repaint', description: figure });
});
