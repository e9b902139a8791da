/**
 * The whole job in the browser (issue 14): create a project and a prediction, pick the weather, a
 * module and an inverter, build a plant of two blocks, run it and watch the progress reach 100 %, read
 * the overview and the loss waterfall, download the 8760 workbook, clone the prediction, change the
 * tilt, run the clone and compare the two.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';
import { GREENSBORO, RUNNABLE_INVERTER, RUNNABLE_MODULE, tag } from './predictionHelpers.ts';

const DEMO_WEATHER = 'Greensboro Piedmont Triad Intl, NC (TMY3)';

/** Picks `option` in a searchable library picker labelled `label`. */
async function pick(page: Page, label: string, search: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page
    .getByRole('option', { name: new RegExp(escapeRegExp(option)) })
    .first()
    .click();
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function saveWithToast(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${name} was saved`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
}

/** Runs from the header and waits for success, checking the bar reaches 100 %. */
async function runAndWatch(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run Prediction' }).click();
  const status = page.getByTestId('processing-status');
  await expect(status).toHaveText(/Queued|Running|Success/);
  await expect(status).toHaveText('Success', { timeout: 90_000 });
  await expect(page.getByTestId('run-percent')).toHaveText('100 %');
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
}

test('build a two-block plant, run it, read the results, clone, change the tilt, run and compare', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const id = tag();
  const projectName = `E2E Plant Project ${id}`;
  const name = `E2E Two Blocks ${id}`;
  await signIn(page, DEMO.email, DEMO.password);

  // A project at Greensboro.
  await page.goto('/create-project');
  await page.getByRole('textbox', { name: 'Latitude' }).fill(String(GREENSBORO.latitude));
  await page.getByRole('textbox', { name: 'Longitude' }).fill(String(GREENSBORO.longitude));
  await page.getByRole('textbox', { name: 'Name' }).fill(projectName);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const projectUrl = new URL(page.url()).pathname;

  // A prediction.
  await page.getByRole('button', { name: 'New Prediction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Prediction' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/prediction\/\d+\/overview$/);
  await expect(page.getByText(`${name} was created`)).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('processing-status')).toHaveText('Not run');
  // Created with the site's design temperatures (GET /ASHRAE), so nothing is unsaved yet.
  await expect(page.getByRole('textbox', { name: /^50-year minimum temperature/ })).toHaveValue('-16.7');
  await page.waitForTimeout(1100);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // The weather: its dates are taken, with the warning of spec 2 §8.4.
  await page.getByRole('button', { name: 'Choose weather' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose weather' });
  await picker.getByRole('textbox', { name: 'Search weather' }).fill('Greensboro');
  await picker
    .getByRole('button', { name: `Select ${DEMO_WEATHER}` })
    .first()
    .click();
  await expect(
    page.getByText(
      'The start and end date of the prediction have been adjusted to match the newly selected weather file.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Weather' })).toContainText(DEMO_WEATHER);

  // Unsaved changes: moving between the prediction's pages passes, leaving it asks first.
  await page.getByRole('textbox', { name: 'Description' }).fill('Two blocks built in the browser.');
  await page.waitForTimeout(1100); // the form is marked dirty after the 1-second debounce (spec 2 §9.1)
  await page.getByRole('tab', { name: 'Model Choices' }).click();
  await expect(page).toHaveURL(/\/model-choices$/);
  // Each DC field runs its own cell temperature model (chosen in the builder below).
  await page.getByRole('combobox', { name: 'Module temperature model' }).click();
  await page.getByRole('option', { name: 'DC-field-defined', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  const discard = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(discard).toContainText(
    'You have unsaved changes. Do you want to discard them and leave this page?',
  );
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/model-choices$/);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await saveWithToast(page, name);

  // Favorite and recent predictions (local storage, spec 2 §9.2).
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByText('Favorite Predictions').click();
  await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await nav.getByText('Recent Predictions').click();
  await expect(nav.getByRole('link', { name, exact: true }).nth(1)).toBeVisible();

  // The plant: one block with the module and the inverter, then a clone of it.
  await page.getByRole('tab', { name: 'Block Array Builder' }).click();
  await page.getByRole('button', { name: 'Create plant' }).click();
  const tree = page.getByRole('tree', { name: 'Power plant' });
  await tree.getByRole('treeitem', { name: /^Inverter A/ }).click();
  await pick(page, 'Inverter', 'SC2500U', RUNNABLE_INVERTER);
  await tree.getByRole('treeitem', { name: /^DC Field 1/i }).click();
  await pick(page, 'Module', 'SPR-E20-435', RUNNABLE_MODULE);
  const editor = page.getByTestId('dc-field-editor');
  await expect(editor.getByRole('textbox', { name: /^Modules in series/ })).not.toHaveValue('');
  // The instant preview: the string window at the site's design temperatures, computed in the page.
  await expect(page.getByText(/OK|Out of window/).first()).toBeVisible();
  // The field's cell temperature model: Faiman, with its two coefficients (issue 17).
  await editor.getByRole('combobox', { name: 'Module temperature model' }).click();
  await page.getByRole('option', { name: 'Faiman', exact: true }).click();
  await editor.getByRole('textbox', { name: /^U0/ }).fill('25');
  await editor.getByRole('textbox', { name: /^U1/ }).fill('6.84');
  await expect(editor.getByRole('textbox', { name: /^Uc/ })).toHaveCount(0);
  await expect(
    editor.getByText("The prediction's model is DC-field-defined: this field runs this model."),
  ).toBeVisible();
  // Its DC power as PVWatts states it: the modules' STC power, γ −0.37 %/°C by default, 10 % system loss.
  await editor.getByRole('combobox', { name: 'DC power model' }).click();
  await page.getByRole('option', { name: 'PVWatts', exact: true }).click();
  await editor.getByRole('textbox', { name: /^System loss/ }).fill('10');
  await tree.getByRole('treeitem', { name: /^Block 1/ }).click();
  await page.getByRole('button', { name: 'Clone block' }).click();
  await expect(page.getByText(/Block \d+ was cloned/)).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /^Block 2/ })).toBeVisible();
  await saveWithToast(page, name);

  // Nodal export options are saved on their own; unsaved flags count as unsaved changes too.
  await page.getByRole('tab', { name: 'Nodal Export Options' }).click();
  await page.getByRole('checkbox', { name: 'Export inverters of block 1' }).click();
  await page.waitForTimeout(1100);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Save Export Options' }).click();
  await expect(page.getByText(`${name} export options were saved`)).toBeVisible();

  // Run, watch, read.
  await runAndWatch(page);
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page).toHaveURL(/\/results\/overview$/);
  await expect(page.getByRole('heading', { name: 'Loss diagram' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Loss tree' })).toContainText('GHI');
  await expect(page.getByRole('table', { name: 'P-values' })).toContainText('P50');
  await expect(page.getByRole('table', { name: 'Energy by year' })).toBeVisible();
  // What the run assumed where the prediction said nothing: the weather's time-stamp convention.
  await expect(page.getByRole('region', { name: 'Assumptions of this run' })).toContainText(/time ?stamp/i);

  const [workbook] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download 8760 workbook' }).click(),
  ]);
  expect(workbook.suggestedFilename()).toBe(`${name}_PlantSummary8760_Draft.xlsx`);
  const bytes = await workbook.createReadStream().then(async (stream) => {
    let size = 0;
    for await (const chunk of stream) size += (chunk as Buffer).length;
    return size;
  });
  expect(bytes).toBeGreaterThan(50_000);

  // Clone from the project page, change the tilt of block 1's field, run it.
  await page.goto(projectUrl);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Clone' }).click();
  const cloneName = `${name} - CLONE`;
  await expect(page.getByText(`${cloneName} has been cloned and saved.`)).toBeVisible();
  await page.getByRole('link', { name: cloneName, exact: true }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('tab', { name: 'Block Array Builder' }).click();
  await page
    .getByRole('tree', { name: 'Power plant' })
    .getByRole('treeitem', { name: /^DC Field 1/i })
    .first()
    .click();
  const tilt = page.getByRole('textbox', { name: 'Tilt (°)', exact: true });
  await tilt.fill('35');
  await tilt.blur();
  await expect(tilt).toHaveValue(/^35(\.0+)?$/);
  await saveWithToast(page, cloneName);
  await runAndWatch(page);

  // Compare the two: the tilt differs.
  await page.goto(projectUrl);
  await page.getByRole('checkbox', { name: `Select ${name} to compare` }).check();
  await page.getByRole('checkbox', { name: `Select ${cloneName} to compare` }).check();
  await page.getByRole('button', { name: /^Compare/ }).click();
  await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+$/);
  await expect(page.getByRole('heading', { name: 'Compare Predictions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loss trees' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Tilt.*Differs|Differs.*Tilt/ }).first()).toBeVisible();
});
