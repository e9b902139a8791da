/**
 * Weather library end to end (issue 6): import the Greensboro TMY3 file, see its summary, charts
 * and quality check; a malformed file shows the line and the problem (no generic heading); import a
 * generic CSV with column mapping; generate a synthetic year and finalize it.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';
import { sharedPath } from '../../scripts/sharedDir.ts';

const GREENSBORO = sharedPath('data', '723170TYA.CSV');
const GENERIC = path.resolve(import.meta.dirname, '../fixtures/generic-weather.csv');
const MALFORMED = path.resolve(import.meta.dirname, '../fixtures/malformed-tmy3.csv');
/** Σ GHI of 723170TYA.CSV / 1000 [kWh/m²]. */
const GREENSBORO_ANNUAL_GHI = 1566.2;

const tag = () => crypto.randomBytes(4).toString('hex');

async function chooseFile(page: Page, file: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(file);
}

async function pickOption(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function annualGhiOf(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

test('import the Greensboro TMY3 file, see its summary, charts and quality check', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E Greensboro ${tag()}`;
  await signIn(page, DEMO.email, DEMO.password);

  await page.goto('/weather-library');
  await expect(page).toHaveTitle('Weather Library | Sunfield');
  await expect(page.getByRole('radio', { name: 'My Weather' })).toBeChecked();
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/weather-library\/import$/);
  await expect(page).toHaveTitle('Import Weather | Sunfield');

  await chooseFile(page, GREENSBORO);
  const nameField = page.getByRole('textbox', { name: 'Name' });
  await expect(nameField).toHaveValue(/GREENSBORO/);
  await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('36.1');
  await expect(page.getByRole('textbox', { name: 'Longitude' })).toHaveValue('-79.95');
  await expect(page.getByRole('textbox', { name: /^Time zone/ })).toHaveValue('-5');
  await expect(page.getByText('8,760', { exact: true })).toBeVisible();
  await nameField.fill(name);

  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('Validation passed').or(page.getByText('Warnings'))).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Errors' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Finalize' }).click();

  await expect(page).toHaveURL(/\/weather\/\d+$/);
  const weatherUrl = page.url();
  await expect(page.getByText(`${name} was created`)).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | Sunfield`);
  const ghi = page.getByTestId('annual-ghi');
  await expect(ghi).toContainText('kWh/m²');
  expect(Math.abs(annualGhiOf(await ghi.textContent()) - GREENSBORO_ANNUAL_GHI)).toBeLessThan(2);
  await expect(page.getByRole('table', { name: 'Weather summary' })).toBeVisible();

  // The page of a stored year opens fast (the summary and charts are precomputed).
  const started = Date.now();
  await page.goto(weatherUrl);
  await expect(page.getByRole('table', { name: 'Weather summary' })).toBeVisible();
  const openMs = Date.now() - started;
  test.info().annotations.push({ type: 'weather page open (ms)', description: String(openMs) });

  // Charts: monthly bars, daily profiles and the heat map are drawn on canvases.
  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(page).toHaveURL(/\/weather\/\d+\/charts$/);
  for (const label of ['Monthly irradiation chart', 'Daily profiles chart', 'Heat map chart']) {
    await expect(page.getByRole('img', { name: label }).locator('canvas').first()).toBeVisible();
  }

  // Raw data: the virtualized table shows the first rows; its address opens it directly.
  await page.getByRole('tab', { name: 'Raw data' }).click();
  await expect(page).toHaveURL(/\/weather\/\d+\/raw-data$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Raw data' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('table', { name: 'Weather data' });
  await expect(rows.getByRole('columnheader', { name: 'GHI (W/m²)' })).toBeVisible();
  await expect(rows.getByRole('row').nth(1)).toContainText('01-01');

  // Quality check: counts per check.
  await page.getByRole('tab', { name: 'Quality check' }).click();
  await page.getByRole('button', { name: 'Run Quality Check' }).click();
  const checks = page.getByRole('table', { name: 'Quality checks' });
  await expect(checks).toBeVisible({ timeout: 30_000 });
  expect(await checks.locator('tbody tr').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('flagged-count')).toContainText(/\d+ flagged steps?/);

  // It is in 'My Weather'.
  await page.goto('/weather-library');
  await page.getByRole('searchbox', { name: 'Search weather' }).fill(name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});

test('a malformed file shows the line and the problem, without the generic heading', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/weather-library/import');
  await chooseFile(page, MALFORMED);
  const alert = page.getByRole('alert').filter({ hasText: 'The file could not be imported' });
  await expect(alert).toContainText(/Line 7: .*abc/);
  await expect(
    page.getByText('Your configuration is invalid. Please correct the following errors:'),
  ).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
});

test('import a generic CSV with column mapping', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E Generic ${tag()}`;
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/weather-library/import');
  await chooseFile(page, GENERIC);

  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Quantity of Glob_Horiz (kW/m2)' })).toHaveValue('GHI');
  await expect(page.getByRole('combobox', { name: 'Unit of Glob_Horiz (kW/m2)' })).toHaveValue('kW/m2');
  await expect(page.getByRole('combobox', { name: 'Quantity of Timestamp' })).toHaveValue('Time stamp');
  // The wind column is in km/h, not the guessed unit; the note column stays ignored.
  await pickOption(page, 'Quantity of Wind_kmh', 'Wind speed');
  await pickOption(page, 'Unit of Wind_kmh', 'km/h');
  await pickOption(page, 'Unit of Amb_Temp (degF)', 'F');
  await expect(page.getByRole('combobox', { name: 'Quantity of Operator note' })).toHaveValue('Ignore');

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Latitude' }).fill('36.1');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('-79.95');
  await page.getByRole('textbox', { name: /^Time zone/ }).fill('-5');

  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('Validation passed').or(page.getByText('Warnings'))).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Errors' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Finalize' }).click();

  await expect(page).toHaveURL(/\/weather\/\d+$/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  const summary = page.getByRole('table', { name: 'Weather summary' });
  await expect(summary).toBeVisible();
  // 0.85 kW/m² peaks → GHI in W/m²: the June sum is a few kWh/m², not thousandths.
  const june = summary.getByRole('row', { name: /^Jun/ });
  await expect(june).toBeVisible();
  await page.getByRole('tab', { name: 'Raw data' }).click();
  const rows = page.getByRole('table', { name: 'Weather data' });
  await expect(rows.getByRole('columnheader', { name: 'Wind speed (m/s)' })).toBeVisible();
});

test('generate a synthetic year and finalize it', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E Synthetic ${tag()}`;
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/weather-library');
  await page.getByRole('link', { name: 'Generate', exact: true }).click();
  await expect(page).toHaveURL(/\/weather-library\/generate$/);
  await expect(page).toHaveTitle('Generate Weather | Sunfield');

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Latitude' }).fill('36.1');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('-79.95');
  await page.getByRole('textbox', { name: /^Time zone/ }).fill('-5');
  await expect(page.getByRole('textbox', { name: 'GHI Jun' })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'GHI Jun' }).fill('195');

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('generated-rows')).toContainText('8,760');
  await expect(
    page.getByRole('img', { name: 'Generated first days chart' }).locator('canvas').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('Validation passed').or(page.getByText('Warnings'))).toBeVisible();
  await page.getByRole('button', { name: 'Finalize' }).click();

  await expect(page).toHaveURL(/\/weather\/\d+$/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('annual-ghi')).toContainText('kWh/m²');
});
