/**
 * Inverters end to end: import the CPS OND file (upload overlay, parsed curves in tables and a chart),
 * save it and find it in the library; a new inverter starts as 'New Inverter' at 499.12345678 kW.
 */
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';
import { sharedPath } from '../../scripts/sharedDir.ts';

const OND_FILE = sharedPath('data', 'CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND');

async function showDraftPrivate(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Status' }).click({ force: true });
  await page.getByRole('option', { name: 'Draft-Private' }).click();
  await page.keyboard.press('Escape');
}

test('import an OND file, review its efficiency curves, save it and find it in the library', async ({
  page,
}) => {
  const tag = crypto.randomBytes(4).toString('hex');
  const name = `E2E OND ${tag}`;
  await signIn(page, DEMO.email, DEMO.password);

  await page.goto('/inverter-library');
  await expect(page).toHaveTitle('Inverter Library | Sunfield');
  await expect(page.getByRole('heading', { name: 'Inverter Library' })).toBeVisible();
  // The seeded Global inverters are listed by default (own assets, Active and Global).
  await expect(page.getByRole('table', { name: 'Inverters' })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import OND' }).click();
  await (await chooser).setFiles(OND_FILE);

  await expect(page).toHaveURL(/\/inverter\/efficiency$/);
  await expect(page.getByRole('heading', { name: 'ChintPower CPS SCH275KTL-DO/US-800' })).toBeVisible();
  await expect(page.getByText('Imported from CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rated power (kW)' })).toHaveValue('250');
  await expect(page.getByRole('textbox', { name: 'Maximum absolute voltage (V)' })).toHaveValue('1500');

  // Three efficiency curves (880, 1174 and 1300 V), eight points each, and their chart.
  for (const voltage of ['880', '1174', '1300']) {
    const table = page.getByRole('table', { name: `Efficiency curve at ${voltage} V` });
    await expect(table.getByRole('row')).toHaveCount(9);
  }
  await expect(
    page.getByRole('textbox', { name: 'Efficiency, row 5, Efficiency curve at 1174 V' }),
  ).toHaveValue('99.04');
  await expect(page.getByRole('textbox', { name: 'Power, row 5, Efficiency curve at 1174 V' })).toHaveValue(
    '125',
  );
  const chart = page.getByRole('img', { name: 'Efficiency curves chart' });
  await expect(chart).toHaveAttribute('data-points', '24');
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart.locator('canvas').first()).toBeVisible();

  // The kVA tab holds the derating curve of the file.
  await page.getByRole('tab', { name: 'Temperature / Elevation / kVA' }).click();
  await expect(page).toHaveURL(/\/inverter\/temperature-elevation-kva$/);
  await expect(page.getByRole('table', { name: 'kVA curve at 0 m' }).getByRole('row')).toHaveCount(5);
  await page.getByRole('tab', { name: 'Efficiency' }).click();
  await expect(page).toHaveURL(/\/inverter\/efficiency$/);
  await expect(page.getByRole('tab', { name: 'Efficiency' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Efficiency curve at 1174 V' })).toBeVisible();

  // Save under a unique name: the saved inverter opens.
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/inverter\/\d+\/efficiency$/);
  await expect(page.getByText(`${name} was created`)).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | Sunfield`);
  await expect(page.getByText('Draft-Private', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Efficiency curve at 1174 V' }).getByRole('row')).toHaveCount(
    9,
  );
  await expect(
    page.getByRole('textbox', { name: 'Efficiency, row 5, Efficiency curve at 1174 V' }),
  ).toHaveValue('99.04');

  // The kVA calculator answers from the saved curves: 250 kVA up to 45 °C.
  await page.getByRole('tab', { name: 'Temperature / Elevation / kVA' }).click();
  await page.getByRole('textbox', { name: 'Temperature (°C)' }).fill('30');
  await page.getByRole('button', { name: 'Calculate kVA' }).click();
  await expect(page.getByTestId('kva-result')).toHaveText('kVA rating: 250 kVA');

  // Find it in the library: a draft, so the Draft-Private status is added to the filter.
  await page.goto('/inverter-library');
  await showDraftPrivate(page);
  await page.getByRole('searchbox', { name: 'Search inverters' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
});

test('a new inverter starts as New Inverter with the 499.12345678 kW setpoint', async ({ page }) => {
  const tag = crypto.randomBytes(4).toString('hex');
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/inverter-library');
  await page.getByRole('link', { name: 'New Inverter' }).click();
  await expect(page).toHaveURL(/\/inverter\/efficiency$/);
  await expect(page).toHaveTitle('New Inverter | Sunfield');
  await expect(page.getByRole('heading', { name: 'New Inverter', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('New Inverter');
  await expect(page.getByRole('textbox', { name: 'Rated power (kW)' })).toHaveValue('499.12345678');
  await expect(page.getByText('No efficiency curves yet.')).toBeVisible();

  // Add a curve, save, and the values come back from the server.
  const name = `E2E New ${tag}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Add curve' }).click();
  await page.getByRole('textbox', { name: 'Voltage (V) of efficiency curve 1' }).fill('600');
  await page.getByRole('textbox', { name: 'Power, row 1, Efficiency curve at 600 V' }).fill('100');
  await page.getByRole('textbox', { name: 'Efficiency, row 1, Efficiency curve at 600 V' }).fill('98.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/inverter\/\d+\/efficiency$/);
  await expect(page.getByText(`${name} was created`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rated power (kW)' })).toHaveValue('499.12345678');
  await expect(
    page.getByRole('textbox', { name: 'Efficiency, row 1, Efficiency curve at 600 V' }),
  ).toHaveValue('98.5');

  const savedUrl = page.url();

  // Unsaved changes are guarded when leaving the inverter page.
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} edited`);
  await page.waitForTimeout(1200); // the dirty flag rises after its 1-second debounce
  await page.getByRole('link', { name: 'Inverters', exact: true }).click();
  const discard = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(savedUrl);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);

  // Export, then import the exported file: a second inverter with the same curves.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const exported = await (await download).path();
  await page.goto('/inverter-library');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await (await chooser).setFiles(exported);
  await expect(page).toHaveURL(/\/inverter\/\d+\/efficiency$/);
  await expect(page).not.toHaveURL(savedUrl);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: 'Efficiency, row 1, Efficiency curve at 600 V' }),
  ).toHaveValue('98.5');

  // Clone it: the clone is saved and opened.
  const importedUrl = page.url();
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText(`${name} has been cloned and saved.`)).toBeVisible();
  await expect(page).not.toHaveURL(importedUrl);
  await expect(page).toHaveURL(/\/inverter\/\d+\/efficiency$/);

  // Delete the three (confirmation, back to the library).
  for (const address of [page.url(), importedUrl, savedUrl]) {
    await page.goto(address);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete inverter' });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/inverter-library$/);
    await expect(page.getByText(`has been successfully deleted`).first()).toBeVisible();
  }
  await page.goto(savedUrl);
  await expect(page.getByRole('heading', { name: 'Inverter not found' })).toBeVisible();
});

test('ids that are not inverters show the not-found state', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  for (const address of ['/inverter/abc/efficiency', '/inverter/999999999']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Inverter not found' })).toBeVisible();
  }
});
