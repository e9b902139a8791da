/**
 * Company default settings in the browser (issue 19): the admin of a new company opens the company
 * page, changes simulation defaults (transposition model, spatial variability), saves — 'Default
 * settings has been saved.' and the company route — then creates a prediction, whose model choices
 * show the defaults; a new module shows the company's status for new modules (Draft-Shared). Each of
 * the eight default-settings pages opens with its title.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { GREENSBORO, signUpCompanyUser, tag } from './predictionHelpers.ts';

test('a changed simulation default is what a new prediction starts with', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await signUpCompanyUser('defaults');
  const [company] = (await admin.get('/api/Company')) as { id: string; name: string }[];
  await signIn(page, admin.email, admin.password);

  // The sidebar's Manage Accounts link of an admin opens the company page.
  await page.getByRole('button', { name: /Olive Outsider/ }).click();
  await page
    .getByRole('dialog', { name: 'Olive Outsider' })
    .getByRole('link', { name: 'Manage Accounts' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/companies/${company!.id}$`));
  await expect(page).toHaveTitle('Company | Sunfield');
  await expect(page.getByRole('heading', { name: company!.name })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Company default settings' });
  for (const title of [
    'Plant Builder Settings',
    'Energy Storage Settings',
    'System Detail Settings',
    'Weather Vendors',
    'Financial Analysis',
    'Miscellaneous',
    'Design Pro',
  ]) {
    await nav.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Sunfield`);
    if (title === 'Miscellaneous') {
      // New modules of the company start as Draft-Shared.
      await page.getByRole('combobox', { name: 'Status of new modules' }).click();
      await page.getByRole('option', { name: 'Draft-Shared', exact: true }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const saved = page.getByText('Default settings has been saved.');
      await expect(saved).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/companies/${company!.id}$`));
      await expect(saved).toHaveCount(0, { timeout: 10_000 }); // the toast closes after 3 s
    }
    if (title === 'Weather Vendors') {
      // A Meteonorm licence is saved and shown masked from then on.
      const meteonorm = page.getByRole('region', { name: 'Meteonorm' });
      await expect(meteonorm).toContainText('Not configured');
      await meteonorm.getByLabel('Licence').fill('MN-LICENCE-123456');
      await meteonorm.getByRole('textbox', { name: 'User' }).fill('engineer');
      await meteonorm.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Meteonorm settings have been saved.')).toBeVisible();
      await expect(meteonorm).toContainText('Configured');
      await expect(meteonorm).toContainText('Stored: ••••3456');
      await expect(meteonorm.getByLabel('Licence')).toHaveValue('');
      await expect(page.getByText('MN-LICENCE-123456')).toHaveCount(0);
    }
  }
  await nav.getByRole('link', { name: 'Simulation Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${company!.id}/default-settings/simulation-settings$`));
  await expect(page).toHaveTitle('Simulation Settings | Sunfield');

  // A value out of range is refused before sending, with the server's words.
  const spatial = page.getByRole('textbox', { name: 'Spatial variability (%)' });
  await spatial.fill('150');
  await expect(page.getByText('Must be a number from 0 to 100 %.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await spatial.fill('4.5');
  await page.getByRole('combobox', { name: 'Transposition model' }).click();
  await page.getByRole('option', { name: 'Hay', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Default settings has been saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/companies/${company!.id}$`));

  // Back on the page, the saved values show.
  await nav.getByRole('link', { name: 'Simulation Settings' }).click();
  await expect(page.getByRole('textbox', { name: 'Spatial variability (%)' })).toHaveValue('4.50');
  await expect(page.getByRole('combobox', { name: 'Transposition model' })).toHaveValue('Hay');

  // A new prediction in a new project starts from them.
  const name = `E2E Defaults ${tag()}`;
  await page.goto('/create-project');
  await page.getByRole('textbox', { name: 'Latitude' }).fill(String(GREENSBORO.latitude));
  await page.getByRole('textbox', { name: 'Longitude' }).fill(String(GREENSBORO.longitude));
  await page.getByRole('textbox', { name: 'Name' }).fill(`E2E Defaults Project ${tag()}`);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await page.getByRole('button', { name: 'New Prediction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Prediction' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/prediction\/\d+\/overview$/);
  await page.getByRole('tab', { name: 'Model Choices' }).click();
  await expect(page).toHaveURL(/\/model-choices$/);
  await expect(page.getByRole('combobox', { name: 'Transposition model' })).toHaveValue('Hay');
  await expect(page.getByRole('textbox', { name: 'Spatial variability (%)' })).toHaveValue('4.50');

  // A new module shows the company's status for new modules.
  await page.goto('/module');
  await expect(page.getByText('Draft-Shared', { exact: true }).first()).toBeVisible();
});
