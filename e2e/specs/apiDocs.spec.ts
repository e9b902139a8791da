/**
 * The API reference (issue 16, API description): /api/docs shows the OpenAPI document of the running
 * server in Swagger UI, served from the server itself (no CDN) and under the app's
 * Content-Security-Policy without a violation. A script user authorizes there with client
 * credentials (the OAuth2 client-credentials flow against /api/oauth2/token) and calls a route.
 */
import { expect, test, type ConsoleMessage } from '@playwright/test';
import { BASE_URL } from '../setup/env.ts';
import { signUpCompanyUser } from './predictionHelpers.ts';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the API reference shows the routes and authorizes with client credentials, under the CSP', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`),
    );
  });
  const policyMessages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|connect|execute|apply|evaluate|create|frame)/i.test(text)) {
      policyMessages.push(`${message.type()}: ${text}`);
    }
  });
  const offOrigin: string[] = [];
  const origin = new URL(BASE_URL).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (/^(https?|wss?):/.test(url) && new URL(url).origin !== origin) offOrigin.push(url);
  });

  // API credentials of a new company's admin, as a script user makes them under the profile.
  const api = await signUpCompanyUser('apidocs');
  const me = await api.get<{ id: string }>('/api/user/current');
  const { clientId, clientSecret } = await api.post<{ clientId: string; clientSecret: string }>(
    `/api/User/${me.id}/Secret`,
  );

  // The page reads the document of the running server from its own origin.
  const documentAnswer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/docs/json');
  const first = await page.goto('/api/docs');
  expect(first?.status()).toBe(200);
  expect(first?.headers()['content-security-policy'] ?? '').toContain("script-src 'self'");
  const described = (await (await documentAnswer).json()) as { paths: Record<string, object> };
  expect(Object.keys(described.paths).length).toBeGreaterThan(150);

  // The title, the first resource and its routes (the list renders as it scrolls).
  await expect(page.getByRole('heading', { name: /Sunfield API/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('h3.opblock-tag[data-tag="auth"]')).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/api/auth/login"]')).toBeVisible();
  // The filter box narrows the list to one resource.
  await page.locator('input.operation-filter-input').fill('project');
  await expect(page.locator('h3.opblock-tag[data-tag="project"]')).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/api/Project/{id}"]').first()).toBeVisible();
  await expect(page.locator('h3.opblock-tag[data-tag="auth"]')).toHaveCount(0);

  // Authorize with client credentials: Swagger UI posts them to /api/oauth2/token.
  await page.locator('button.authorize').first().click();
  const dialog = page.locator('.modal-ux');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('/api/oauth2/token');
  await dialog.locator('#client_id_clientCredentials').fill(clientId);
  await dialog.locator('#client_secret_clientCredentials').fill(clientSecret);
  const tokenAnswer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/oauth2/token');
  await dialog.getByRole('button', { name: 'Apply given OAuth2 credentials' }).click();
  expect((await tokenAnswer).status()).toBe(200);
  await expect(dialog.getByText('Authorized').first()).toBeVisible();
  await dialog.locator('button.close-modal').click();

  // Try a signed-in route with the token: GET /api/user/current answers the credentials' user.
  await page.locator('input.operation-filter-input').fill('user');
  const operation = page.locator('.opblock.opblock-get', {
    has: page.locator('.opblock-summary-path[data-path="/api/user/current"]'),
  });
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user/current');
  await operation.getByRole('button', { name: 'Execute' }).click();
  const current = await answer;
  expect(current.status()).toBe(200);
  expect(current.request().headers().authorization).toMatch(/^Bearer /);
  await expect(operation.locator('.live-responses-table tbody .response-col_status').first()).toContainText(
    '200',
  );

  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect(violations, 'Content-Security-Policy violations on /api/docs').toEqual([]);
  expect(policyMessages).toEqual([]);
  expect(offOrigin, 'requests to other hosts (the page must work offline)').toEqual([]);
  await api.dispose();
});
