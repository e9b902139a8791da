/**
 * The change-status wizard end to end: a project from Active to Archived, and an inverter from
 * Draft-Private to Active, which makes it read-only.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

test("change a project's status through the wizard", async ({ page }) => {
  const tag = crypto.randomBytes(4).toString('hex');
  const name = `E2E Status ${tag}`;
  await signIn(page, DEMO.email, DEMO.password);

  await page.goto('/create-project/');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Latitude' }).fill('36.1');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('-79.95');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const projectId = /\/projects\/(\d+)$/.exec(page.url())![1]!;

  await page.goto(`/change-status/project?ids=${projectId}`);
  await expect(page).toHaveTitle('Change Project Status | Sunfield');
  await expect(page.getByRole('heading', { name: 'Change Project Status' })).toBeVisible();

  // Step 0: review.
  const files = page.getByRole('table', { name: 'Selected files' });
  await expect(files.getByRole('columnheader', { name: 'Selected Files' })).toBeVisible();
  await expect(files.getByRole('columnheader', { name: 'Current status' })).toBeVisible();
  await expect(files.getByRole('row', { name: new RegExp(`${name}.*Active`) })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 1: the status is required; options leave out Active (held) and Voltage Pro.
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.getByRole('combobox', { name: 'Change Status To' }).click();
  await expect(page.getByRole('option')).toHaveText(['Archived']);
  await page.getByRole('option', { name: 'Archived' }).click();
  await page
    .getByRole('textbox', { name: 'Detailed Status Change Notes' })
    .fill('Archived by the browser test.');
  // Cancel goes back one step and keeps the choice.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(files).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('combobox', { name: 'Change Status To' })).toHaveValue('Archived');
  await expect(continueButton).toBeEnabled();
  await continueButton.click();

  // Step 2: confirm shows the new status; Confirm Change goes to the projects list.
  await expect(files.getByRole('columnheader', { name: 'New status' })).toBeVisible();
  await expect(files.getByRole('row', { name: new RegExp(`${name}.*Active.*Archived`) })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Projects | Sunfield');

  await page.goto(`/?status=archived&q=${tag}`);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});

test('an inverter changed from Draft-Private to Active becomes read-only', async ({ page }) => {
  const tag = crypto.randomBytes(4).toString('hex');
  const name = `E2E Activate ${tag}`;
  await signIn(page, DEMO.email, DEMO.password);

  await page.goto('/inverter/efficiency');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/inverter\/\d+\/efficiency$/);
  await expect(page.getByText('Draft-Private', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  const inverterUrl = page.url();

  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page).toHaveURL(/\/change-status\/inverter\?ids=\d+$/);
  await expect(page.getByRole('heading', { name: 'Change Inverter Status' })).toBeVisible();
  const files = page.getByRole('table', { name: 'Selected files' });
  await expect(files.getByRole('row', { name: new RegExp(`${name}.*Draft-Private`) })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('combobox', { name: 'Change Status To' }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveText(['Draft-Shared', 'Active', 'Retired', 'String-Sizing']);
  await page.getByRole('option', { name: 'Active' }).click();
  await page.getByRole('textbox', { name: 'Detailed Status Change Notes' }).fill(`Approved ${tag}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(files.getByRole('row', { name: new RegExp(`${name}.*Draft-Private.*Active`) })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page).toHaveURL(/\/inverter-library$/);

  // Active: read-only, Save disabled, no Delete; the note is on the inverter.
  await page.goto(inverterUrl);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Read-only: only draft inverters can be edited.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Add curve' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Note' }).click();
  await expect(page.getByRole('dialog', { name: `Note: ${name}` })).toContainText(`Approved ${tag}`);
});

test('the review step lists the files, each removable, and Cancel leaves', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/inverter/efficiency');
  const name = `E2E Remove ${crypto.randomBytes(4).toString('hex')}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/inverter\/\d+\/efficiency$/);
  const id = /\/inverter\/(\d+)\//.exec(page.url())![1]!;

  await page.goto(`/change-status/inverter?ids=${id}`);
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByText('There are no files currently selected.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/inverter-library$/);
});
