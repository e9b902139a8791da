/**
 * Global notifications (spec 1 §2; issue 19): the super admin publishes, on /manage-accounts, a
 * warning with hostile HTML and then an announcement that cannot be dismissed, both to one company;
 * a user of that company sees the warning in the bar, cleaned (the bold text and the https link stay;
 * no script runs, no image, no javascript: link and no Content-Security-Policy violation), dismisses it
 * and sees the announcement without a Dismiss button; a user of another company sees none; the list
 * counts the dismissal, and the super admin removes the announcement through the confirmation, after
 * which the user's bar is empty.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { STRONG_PASSWORD, SUPER_ADMIN, uniqueEmail } from './helpers.ts';

declare global {
  interface Window {
    __cspViolations?: string[];
    __pwned?: number;
  }
}

const WARNING_HTML = [
  '<b>Planned outage</b> tonight from 22:00 UTC.',
  ' <a href="https://status.example.com/outage">Status page</a>',
  '<img src="/missing.png" onerror="window.__pwned = 1">',
  '<script>window.__pwned = 2</script>',
  ' <a href="javascript:window.__pwned = 3" id="bad-link">Do not click</a>',
  '<p style="color:red" onmouseover="window.__pwned = 4">Save your work.</p>',
  '<svg onload="window.__pwned = 5"></svg>',
].join('');
/** What the cleaned message must not hold (inside it, every descendant). */
const HOSTILE = 'img, script, svg, [style], [onerror], [onmouseover], [onload]';
const ANNOUNCEMENT = 'Release notes are in the resource center.';

/** Password sign-in on /login (the exact button: the page may offer single sign-on beside it). */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The bar's GET /User/Notification has been answered (so an empty bar means none is pending). */
function barAnswered(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/User/Notification') && response.request().method() === 'GET',
  );
}

/** A page that records every securitypolicyviolation event of its documents. */
async function watchedPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolations!.push(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  return page;
}

/** A new company with its first user (an admin, EULA accepted), through the API. */
async function newCompany(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const companyName = `Notice ${prefix} ${Date.now()}`;
  const signUp = await request.post('/api/auth/signup', {
    data: { companyName, firstName: 'Nora', lastName: 'Notice', email, password: STRONG_PASSWORD },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  expect(
    (
      await request.post('/api/user/AcceptEULA', { headers: { Authorization: `Bearer ${accessToken}` } })
    ).ok(),
  ).toBeTruthy();
  return { email, companyName, accessToken };
}

async function publish(
  page: Page,
  options: { type: string; company: string; message: string; dismissable: boolean; shows: string },
) {
  const form = page.getByRole('form', { name: 'Publish a notification' });
  await form.getByText(options.type, { exact: true }).click();
  const company = form.getByRole('combobox', { name: 'Company' });
  await company.click();
  await company.fill(options.company);
  await page.getByRole('option', { name: options.company, exact: true }).click();
  const dismissable = form.getByRole('checkbox', { name: 'Dismissable' });
  if ((await dismissable.isChecked()) !== options.dismissable) await dismissable.click();
  await form.getByRole('textbox', { name: 'Message' }).fill(options.message);
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The notification has been published').first()).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(
    page.getByRole('table', { name: 'Notifications' }).getByRole('row').filter({ hasText: options.shows }),
  ).toHaveCount(1);
}

test('a super admin publishes notifications to a company; its users see the first pending one, cleaned, and dismiss it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await watchedPage(browser);
  const target = await newCompany(user.request, 'target');
  await user.context().clearCookies();
  const stranger = await watchedPage(browser);
  const other = await newCompany(stranger.request, 'other');
  await stranger.context().clearCookies();

  // The super admin (made by setup/serveFromCopy.mjs) opens Manage Accounts → Notifications.
  const superAdmin = await watchedPage(browser);
  const login = await superAdmin.request.post('/api/auth/login', { data: SUPER_ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  const superToken = ((await login.json()) as { accessToken: string }).accessToken;
  await superAdmin.request.post('/api/user/AcceptEULA', {
    headers: { Authorization: `Bearer ${superToken}` },
  });
  await superAdmin.goto('/manage-accounts');
  await superAdmin.getByRole('tab', { name: 'Notifications' }).click();

  await publish(superAdmin, {
    type: 'Warning',
    company: target.companyName,
    message: WARNING_HTML,
    dismissable: true,
    shows: 'Planned outage',
  });
  await publish(superAdmin, {
    type: 'Announcement',
    company: target.companyName,
    message: ANNOUNCEMENT,
    dismissable: false,
    shows: ANNOUNCEMENT,
  });
  const table = superAdmin.getByRole('table', { name: 'Notifications' });
  const warningRow = table.getByRole('row').filter({ hasText: 'Planned outage' });
  const announcementRow = table.getByRole('row').filter({ hasText: ANNOUNCEMENT });
  await expect(warningRow).toContainText('Warning');
  await expect(warningRow).toContainText(target.companyName);
  await expect(warningRow).toContainText('0 users');
  await expect(announcementRow).toContainText('Announcement');
  await expect(announcementRow.getByRole('cell').nth(3)).toHaveText('No');
  // Stored and listed cleaned (the server's pass), shown cleaned (the browser's).
  await expect(warningRow.getByTestId('notification-message').locator('b')).toHaveText('Planned outage');
  await expect(warningRow.getByTestId('notification-message').locator(HOSTILE)).toHaveCount(0);

  // The company's user sees the warning first, cleaned: the bold text and the https link remain.
  await signIn(user, target.email, STRONG_PASSWORD);
  const bar = user.getByTestId('global-notification');
  await expect(bar).toContainText('Planned outage tonight from 22:00 UTC.');
  await expect(bar).toHaveAttribute('data-kind', 'warning');
  await expect(bar.locator('b')).toHaveText('Planned outage');
  const link = bar.getByRole('link', { name: 'Status page' });
  await expect(link).toHaveAttribute('href', 'https://status.example.com/outage');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(bar.getByTestId('notification-message').locator(HOSTILE)).toHaveCount(0);
  await expect(bar.getByText('Do not click')).not.toHaveAttribute('href');
  await bar.getByText('Save your work.').hover();
  expect(await user.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await user.evaluate(() => window.__cspViolations)).toEqual([]);

  // Dismissed, the next pending one shows, which cannot be dismissed.
  await bar.getByRole('button', { name: 'Dismiss' }).click();
  await expect(bar).toContainText(ANNOUNCEMENT);
  await expect(bar).toHaveAttribute('data-kind', 'announcement');
  await expect(bar.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await user.reload();
  await expect(user.getByTestId('global-notification')).toContainText(ANNOUNCEMENT);

  // A user of another company sees none (the API agrees).
  const strangerAsked = barAnswered(stranger);
  await signIn(stranger, other.email, STRONG_PASSWORD);
  await strangerAsked;
  const theirs = await stranger.request.get('/api/User/Notification', {
    headers: { Authorization: `Bearer ${other.accessToken}` },
  });
  expect(await theirs.json()).toEqual([]);
  await expect(stranger.getByTestId('global-notification')).toHaveCount(0);

  // The list counts the dismissal; the super admin removes the announcement through the confirmation.
  await superAdmin.reload();
  await superAdmin.getByRole('tab', { name: 'Notifications' }).click();
  await expect(warningRow).toContainText('1 user');
  await announcementRow.getByRole('button', { name: 'Remove' }).click();
  const confirm = superAdmin.getByRole('dialog', { name: 'Remove this notification?' });
  await expect(confirm).toContainText(`The users of ${target.companyName} will no longer see it.`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(superAdmin.getByText('The notification has been removed')).toBeVisible();
  await expect(announcementRow).toHaveCount(0);
  await expect(warningRow).toHaveCount(1);

  const userAsked = barAnswered(user);
  await user.reload();
  await userAsked;
  await expect(user.getByTestId('global-notification')).toHaveCount(0);
  for (const page of [user, stranger, superAdmin]) {
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  }

  // A user who is not a super admin cannot list them.
  const refused = await user.request.get('/api/Notification', {
    headers: { Authorization: `Bearer ${target.accessToken}` },
  });
  expect(refused.status()).toBe(403);
});
