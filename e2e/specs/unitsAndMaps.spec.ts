/**
 * Issue 16, what a newcomer trips on: the Metric/Imperial switch reaches the weather and module
 * pages (feet, °F, inHg, inches, pounds, ft²), a finalized quality check stays finalized, and the
 * maps. The basemap hosts (OpenFreeMap, Esri) are blocked here as they are on a machine without
 * internet, so the map must fall back to the offline style and say so; the place search answers
 * from a stub of the Photon service. Runs as a user of a new company, so the demo user's unit
 * setting stays as the other specs expect.
 */
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import {
  RUNNABLE_MODULE,
  importGreensboroWeather,
  libraryEntryId,
  signUpCompanyUser,
} from './predictionHelpers.ts';

const BASEMAP_HOSTS = /^https:\/\/(tiles\.openfreemap\.org|server\.arcgisonline\.com)\//;
const GEOCODER = /^https:\/\/photon\.komoot\.io\/api\//;

/** The basemaps fail as without internet; the place search answers one place. */
async function stubMapServices(page: Page): Promise<{ searches: string[] }> {
  const searches: string[] = [];
  await page.route(BASEMAP_HOSTS, (route) => route.abort('internetdisconnected'));
  await page.route(GEOCODER, (route) => {
    searches.push(new URL(route.request().url()).searchParams.get('q') ?? '');
    return route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-79.791975, 36.072635] },
            properties: { name: 'Greensboro', state: 'North Carolina', country: 'United States' },
          },
        ],
      }),
    });
  });
  return { searches };
}

/** Console errors but the failed loads of the blocked basemap hosts. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/.test(text)) return;
    errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

// The machine running the suite may be busy: pages get time to load.
test.use({ navigationTimeout: 60_000 });

test('Imperial: the weather and module pages show feet, °F, inHg, inches and pounds', async ({ page }) => {
  test.setTimeout(150_000);
  const api = await signUpCompanyUser('units');
  const weatherId = await importGreensboroWeather(api);
  const moduleId = await libraryEntryId(api, 'Module', RUNNABLE_MODULE, 'SPR-E20-435');
  await stubMapServices(page);
  await signIn(page, api.email, api.password);

  await page.getByRole('button', { name: /Olive Outsider/ }).click();
  const sidebar = page.getByRole('dialog', { name: 'Olive Outsider' });
  const saved = page.waitForResponse((r) => /\/api\/User\/Settings$/i.test(r.url()) && r.ok());
  await sidebar.getByText('Imperial', { exact: true }).click();
  await saved;
  await page.keyboard.press('Escape');

  // Weather: elevation in feet (Greensboro 273 m → 896 ft), a typical year's period, summary in °F
  // and inHg (the summary stores Pa, the raw rows hPa: both read one unit).
  await page.goto(`/weather/${weatherId}`);
  await expect(page.getByTestId('weather-elevation')).toHaveText(/^[\d,]+ ft$/, { timeout: 30_000 });
  await expect(page.getByText(/^Typical year \d{4}/)).toBeVisible();
  const summary = page.getByRole('table', { name: 'Weather summary' });
  await expect(summary.getByRole('columnheader', { name: /Air temperature.*°F/ })).toBeVisible();
  await expect(summary.getByRole('columnheader', { name: /Pressure.*inHg/ })).toBeVisible();
  const meanF = Number(await summary.getByTestId('summary-annual-tempAir').textContent());
  expect(meanF).toBeGreaterThan(50);
  expect(meanF).toBeLessThan(65);

  await page.getByRole('tab', { name: 'Raw data' }).click();
  const rows = page.getByRole('table', { name: 'Weather data' });
  await expect(rows.getByRole('columnheader', { name: 'Temperature (°F)' })).toBeVisible();
  await expect(rows.getByRole('columnheader', { name: 'Pressure (inHg)' })).toBeVisible();
  await expect(rows.getByRole('columnheader', { name: 'Wind speed (mph)' })).toBeVisible();

  // A finalized quality check stays finalized.
  await page.getByRole('tab', { name: 'Quality check' }).click();
  await page.getByRole('button', { name: 'Run Quality Check' }).click();
  await expect(page.getByRole('table', { name: 'Quality checks' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Finalize Quality Check' }).click();
  await expect(page.getByText(/^Finalized /)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Quality checks' })).toBeVisible();
  await expect(page.getByText('No quality check has been finalized for this weather file yet.')).toHaveCount(
    0,
  );

  // Module: dimensions in inches, weight in pounds, area in square feet.
  await page.goto(`/module/${moduleId}`);
  await expect(page.getByRole('heading', { name: RUNNABLE_MODULE })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('module-area')).toContainText('ft²');
  await expect(page.getByRole('textbox', { name: 'Length [in]' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Weight [lb]' })).toBeVisible();
  const lengthIn = Number(await page.getByRole('textbox', { name: 'Length [in]' }).inputValue());
  expect(lengthIn).toBeGreaterThan(60); // SPR-E20-435: 2067 mm = 81.4 in
  expect(lengthIn).toBeLessThan(90);
});

test('maps: offline fallback when the basemap cannot load, basemap switch and place search', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const api = await signUpCompanyUser('maps');
  const services = await stubMapServices(page);
  const errors = watchConsole(page);
  await signIn(page, api.email, api.password);

  await page.goto('/weather-library/generate');
  const map = page.getByRole('region', { name: 'Generate location map', exact: true });
  await expect(map, 'the map draws').toBeVisible({ timeout: 45_000 });
  await expect(map).toHaveClass(/maplibregl-canvas/);
  await expect(page.getByTestId('basemap-fallback')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('radio', { name: 'Satellite' })).toBeAttached();

  // Satellite tiles fail too: the offline map again.
  await page.getByText('Satellite', { exact: true }).click();
  await expect(page.getByTestId('basemap-fallback')).toBeVisible({ timeout: 20_000 });

  // Place search: debounced (one request for the whole word), keyboard only, picks the place.
  const search = page.getByRole('combobox', { name: 'Search places on the generate location map' });
  await search.pressSequentially('Greensboro', { delay: 30 });
  const option = page.getByRole('option', { name: 'Greensboro, North Carolina, United States' });
  await expect(option).toBeVisible();
  expect(services.searches).toEqual(['Greensboro']);
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(search).toHaveValue('Greensboro, North Carolina, United States');
  expect(errors, 'console errors besides the blocked basemap hosts').toEqual([]);
  await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('36.072635');
  await expect(page.getByRole('textbox', { name: 'Longitude' })).toHaveValue('-79.791975');

  expect(errors, 'console errors besides the blocked basemap hosts').toEqual([]);
});
