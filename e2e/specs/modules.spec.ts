/**
 * Module library end to end: find a Global module by searching, clone it, edit it (name and series
 * resistance), see its curves change on the charts tab, the shading-table save rule, save, reload and
 * see the values kept, delete; and import the shared PAN file, review its values and create it.
 */
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';
import { sharedPath } from '../../scripts/sharedDir.ts';

const PAN_FILE = sharedPath('data', 'ET-M772BH550GL.PAN');
/** A CEC list module (the Global library is seeded from that list on first start). */
const GLOBAL_MODULE = 'Aptos Solar Technology LLC DNA-144-BF23-400W';

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function pmpAt1000(page: Page): Promise<number> {
  const cell = page.getByTestId('pmp-1000');
  await expect(cell).toHaveText(/^\d+\.\d\d$/);
  return Number(await cell.textContent());
}

async function deleteCurrentModule(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete module' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/module-library$/);
  await expect(page.getByText(`${name} has been successfully deleted`)).toBeVisible();
}

test('find a Global module, clone it, change its series resistance, see the curves change, save and reload', async ({
  page,
}) => {
  const tag = crypto.randomBytes(4).toString('hex');
  const name = `E2E Module ${tag}`;
  await signIn(page, DEMO.email, DEMO.password);

  await page.goto('/module-library');
  await expect(page).toHaveTitle('Module Library | Sunfield');
  await expect(page.getByRole('radio', { name: 'My Modules' })).toBeChecked();
  await page.getByRole('searchbox', { name: 'Search modules' }).fill('DNA-144-BF23-400W');
  const table = page.getByRole('table', { name: 'Modules' });
  const link = table.getByRole('link', { name: GLOBAL_MODULE, exact: true });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(table.getByText('Global').first()).toBeVisible();
  await link.click();

  await expect(page).toHaveURL(/\/module\/\d+$/);
  const globalUrl = page.url();
  await expect(page.getByRole('heading', { name: GLOBAL_MODULE })).toBeVisible();
  // Global modules are read-only for a company user.
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByTestId('module-area')).toContainText('Area:');

  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText(/has been cloned and saved\./)).toBeVisible();
  await expect(page).not.toHaveURL(globalUrl);
  await expect(page).toHaveURL(/\/module\/\d+$/);
  const cloneUrl = page.url();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

  await openTab(page, 'Charts');
  const before = await pmpAt1000(page);
  expect(before).toBeGreaterThan(390);
  expect(before).toBeLessThan(410);

  await openTab(page, '1-Diode');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const rs = page.getByRole('textbox', { name: 'Series resistance [Ω]' });
  const oldRs = Number(await rs.inputValue());
  expect(oldRs).toBeGreaterThan(0);
  const newRs = Math.round(oldRs * 4 * 1000) / 1000;
  await rs.fill(String(newRs));

  await openTab(page, 'Charts');
  await expect.poll(() => pmpAt1000(page)).toBeLessThan(before - 1);
  const after = await pmpAt1000(page);

  // Spec 1 §5: a user-defined shading response needs a shading table.
  await openTab(page, 'Shading');
  await page.getByRole('combobox', { name: 'Shading response' }).click();
  await page.getByRole('option', { name: 'Module-file-defined' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  const shadingMessage = `${name} could not be saved. Shading Table values are required.`;
  await expect(page.getByText(shadingMessage).first()).toBeVisible();
  // The error stays until closed (it lies over the header's buttons), as a user would close it.
  await page
    .getByRole('alert')
    .filter({ hasText: 'Your configuration is invalid' })
    .getByRole('button', { name: 'Close notification' })
    .click();
  await page.getByRole('combobox', { name: 'Shading response' }).click();
  await page.getByRole('option', { name: 'Fractional effect' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} was saved`)).toBeVisible();

  await page.goto(cloneUrl);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Series resistance [Ω]' })).toHaveValue(String(newRs));
  await openTab(page, 'Charts');
  expect(await pmpAt1000(page)).toBeCloseTo(after, 2);

  await deleteCurrentModule(page, name);
});

test('import the PAN file, review its values and create the module', async ({ page }) => {
  const tag = crypto.randomBytes(4).toString('hex');
  const name = `E2E PAN ${tag}`;
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/module-library');
  await page.getByRole('button', { name: 'Import PAN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import PAN file' });
  await dialog.locator('input[type="file"]').setInputFiles(PAN_FILE);

  await expect(dialog.getByTestId('pan-stcMaxPower')).toHaveText('550');
  await expect(dialog.getByTestId('pan-manufacturer')).toHaveText('ET SOLAR');
  await expect(dialog.getByTestId('pan-stcOpenCircuitVoltage')).toHaveText('49.9');
  await expect(dialog.getByTestId('pan-stcShortCircuitCurrent')).toHaveText('14');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/module\/\d+$/);
  await expect(page.getByText(`${name} was created`)).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Maximum power (Pmax) [W]' })).toHaveValue('550');
  await expect(page.getByRole('textbox', { name: 'Series resistance [Ω]' })).not.toHaveValue('');
  await openTab(page, 'Charts');
  const pmp = await pmpAt1000(page);
  expect(Math.abs(pmp - 550) / 550).toBeLessThan(0.02);

  await deleteCurrentModule(page, name);
});
