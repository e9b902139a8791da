/**
 * Resources, contact, Pro Tools and PVRADAR (spec 1 §2, issue 19): the resource center's getting
 * started guide, model descriptions (search) and API guide (/api/docs); the contact page's message
 * reaches the support address by mail through the queue; a Pro Tool with an address opens in a new tab
 * and one without says so; a Free company gets the Pro subscription dialog instead; PVRADAR shows the
 * unlock modal until a super admin allows the extension, then opens the platform in a new tab.
 */
import { expect, test, type Page } from '@playwright/test';
import { STRONG_PASSWORD, SUPER_ADMIN, readMail, uniqueEmail } from './helpers.ts';

async function signUp(page: Page, companyName: string) {
  const email = uniqueEmail('resources');
  const res = await page.request.post('/api/auth/signup', {
    data: { companyName, firstName: 'Rita', lastName: 'Resources', email, password: STRONG_PASSWORD },
  });
  expect(res.status()).toBe(201);
  const { accessToken, user } = (await res.json()) as { accessToken: string; user: { companyId: string } };
  expect(
    (
      await page.request.post('/api/user/AcceptEULA', { headers: { Authorization: `Bearer ${accessToken}` } })
    ).ok(),
  ).toBeTruthy();
  return { email, companyId: user.companyId };
}

async function superAdminPut(page: Page, companyId: string, data: Record<string, unknown>) {
  const context = await page.context().browser()!.newContext();
  const login = await context.request.post('/api/auth/login', { data: SUPER_ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { accessToken } = (await login.json()) as { accessToken: string };
  await context.request.post('/api/user/AcceptEULA', { headers: { Authorization: `Bearer ${accessToken}` } });
  const res = await context.request.put(`/api/Company/${companyId}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await context.close();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const sections = (page: Page) => page.getByRole('navigation', { name: 'Resource sections' });

test('resource center, contact, Pro Tools and PVRADAR', async ({ page, browser }) => {
  const { email, companyId } = await signUp(page, 'Resources Co');

  // The resource center.
  await page.goto('/');
  await nav(page).getByRole('link', { name: 'Resources' }).click();
  await expect(page).toHaveURL(/\/resource-center\/getting-started$/);
  await expect(page).toHaveTitle('Getting Started | Sunfield');
  await expect(page.getByRole('region', { name: '4. Build the plant' })).toBeVisible();
  await sections(page).getByRole('link', { name: 'Models' }).click();
  await expect(page).toHaveTitle('Models | Sunfield');
  const perez = page.getByRole('article', { name: 'Transposition: Perez' });
  await expect(perez).toContainText('Ed = Dh·[(1 − F1)·(1 + cos β)/2 + F1·a/b + F2·sin β]');
  await expect(perez).toContainText('doi:10.1016/0038-092X(90)90055-H');
  await page.getByRole('searchbox', { name: 'Search models' }).fill('Faiman');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Cell temperature: heat balance (Faiman)' })).toContainText(
    'Tc = Ta + α·G·(1 − η)/(Uc + Uv·v)',
  );
  await sections(page).getByRole('link', { name: 'API Guide' }).click();
  const docs = page.getByRole('link', { name: 'the API reference (/api/docs)' });
  await expect(docs).toHaveAttribute('target', '_blank');
  expect((await page.request.get('/api/docs')).ok()).toBeTruthy();

  // Contact: the message reaches the support address by mail.
  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveTitle('Contact Us | Sunfield');
  const subject = `Help with trackers ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('How do I set the backtracking limits?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your message was sent' })).toBeVisible();
  const mail = await readMail('support@sunfield.local', `[Sunfield contact] ${subject}`);
  expect(mail.text).toContain('How do I set the backtracking limits?');
  expect(mail.text).toContain(email);
  await expect(page.getByLabel('Subject')).toHaveValue('');

  // Pro Tools: a configured tool opens in a new tab, an unconfigured one says so.
  const [designPro] = await Promise.all([
    page.context().waitForEvent('page'),
    nav(page).getByRole('button', { name: 'Design Pro' }).click(),
  ]);
  await expect.poll(() => designPro.url()).toContain('tool=design-pro');
  await designPro.close();
  await nav(page).getByRole('button', { name: 'Voltage Pro' }).click();
  await expect(page.getByText('Voltage Pro is not configured for this installation.')).toBeVisible();

  // PVRADAR: the unlock modal, its pricing link.
  await nav(page).getByRole('link', { name: 'PVRADAR' }).click();
  const unlock = page.getByRole('dialog', { name: 'Unlock PVRADAR + Sunfield' });
  await expect(unlock).toBeVisible();
  await expect(unlock).toContainText('Soiling, snow and albedo loss estimation');
  await expect(unlock).toContainText('A discounted rate applies when PVRADAR is bundled with the Pro plan.');
  await unlock.getByRole('link', { name: 'See bundled pricing' }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // Allowed by a super admin: PVRADAR opens in a new tab.
  await superAdminPut(page, companyId, { allowPVRADARExtension: true });
  await page.reload();
  const [pvradar] = await Promise.all([
    page.context().waitForEvent('page'),
    nav(page).getByRole('link', { name: 'PVRADAR' }).click(),
  ]);
  await expect.poll(() => pvradar.url()).toContain('tool=pvradar');
  await expect(page.getByRole('dialog', { name: 'Unlock PVRADAR + Sunfield' })).toBeHidden();

  // A Free company: the Pro Tools open the Pro subscription dialog.
  const free = await (await browser.newContext()).newPage();
  const freeUser = await signUp(free, 'Free Tools Co');
  await superAdminPut(free, freeUser.companyId, { subscriptionType: 0 });
  await free.goto('/');
  await nav(free).getByRole('button', { name: 'Design Pro' }).click();
  await expect(free.getByText('This feature is only available for Pro subscribers :(')).toBeVisible();
});
