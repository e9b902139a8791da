/**
 * Single sign-on in the browser (issue 19; spec 2 §7.13): a real OpenID provider (oidc-provider,
 * packages/server/test/oidcTestProvider.ts) runs on 127.0.0.1; the admin of a new company connects
 * it on the company's Single Sign-On page (secret shown masked afterwards); a person of the allowed
 * domain signs in through the provider's page and comes back signed in, as a new user (auto-create),
 * who accepts the EULA; an address of another domain is told single sign-on is not available; with
 * password sign-in turned off the admin's password is refused with the company's message.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../packages/server/test/oidcTestProvider.ts';
import { BASE_URL } from '../setup/env.ts';
import { signIn } from './helpers.ts';
import { signUpCompanyUser } from './predictionHelpers.ts';

// The texts of packages/domain/src/company/singleSignOn.ts.
const SSO_SIGN_IN_LABEL = "Sign in with your company's single sign-on";
const SSO_NOT_AVAILABLE = 'Single sign-on is not available for this email address.';
const PASSWORD_SIGN_IN_DISABLED = 'Your company signs in with single sign-on.';

let provider: TestProvider;

test.beforeAll(async () => {
  provider = await startTestProvider(`${BASE_URL}/api/auth/sso/callback`);
});
test.afterAll(async () => {
  await provider?.close();
});

test('an admin connects the company’s OpenID provider and a colleague signs in through it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const domain = `sso-${crypto.randomBytes(4).toString('hex')}.example`;
  const admin = await signUpCompanyUser('sso-admin');
  const [company] = (await admin.get('/api/Company')) as { id: string }[];
  await signIn(page, admin.email, admin.password);

  await page.goto(`/companies/${company!.id}`);
  await page
    .getByRole('navigation', { name: 'Company default settings' })
    .getByRole('link', { name: 'Single Sign-On' })
    .click();
  await expect(page).toHaveTitle('Single Sign-On | Sunfield');
  const form = page.getByRole('region', { name: 'Single Sign-On' });
  await expect(form.getByLabel('Redirect URI')).toHaveText(`${BASE_URL}/api/auth/sso/callback`);
  await form.getByLabel("Sign in through the company's OpenID Connect provider").check();
  await form.getByLabel('Issuer').fill(provider.issuer);
  await form.getByLabel('Client ID').fill(provider.clientId);
  await form.getByLabel('Client secret').fill(provider.clientSecret);
  await form.getByLabel('Allowed email domains').fill(domain);
  await form.getByLabel(/Create an account \(role User\)/).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on settings have been saved.')).toBeVisible();
  await expect(form).toContainText(`Stored: ••••${provider.clientSecret.slice(-4)}`);

  // A colleague of that domain, known to the provider only, signs in in a browser of their own.
  const email = `grace.${crypto.randomBytes(3).toString('hex')}@${domain}`;
  provider.addAccount({ email, password: 'provider-pass', givenName: 'Grace', familyName: 'Hopper' });
  const context = await browser.newContext();
  const colleague = await context.newPage();
  await colleague.goto('/login');
  await colleague.getByRole('link', { name: SSO_SIGN_IN_LABEL }).click();
  await colleague.getByLabel('Email').fill(`nobody@other-${domain}`);
  await colleague.getByRole('button', { name: 'Continue' }).click();
  await expect(colleague.getByText(SSO_NOT_AVAILABLE).first()).toBeVisible();
  await colleague.getByLabel('Email').fill(email);
  await colleague.getByRole('button', { name: 'Continue' }).click();

  await expect(colleague.getByRole('heading', { name: 'Test provider sign-in' })).toBeVisible();
  expect(colleague.url().startsWith(provider.issuer)).toBe(true);
  await colleague.getByLabel('Email').fill(email);
  await colleague.getByLabel('Password').fill('provider-pass');
  await colleague.getByRole('button', { name: 'Continue' }).click();

  // Back in Sunfield, signed in as a new user of the company, who accepts the EULA first.
  await expect(colleague).toHaveURL(/\/eula/);
  await colleague.getByRole('button', { name: 'Accept' }).click();
  await expect(
    colleague.getByRole('navigation', { name: 'Main navigation' }).getByText('Projects'),
  ).toBeVisible();
  await expect(colleague.getByRole('button', { name: /Grace Hopper/ })).toBeVisible();
  await context.close();

  // Password sign-in off: the company's users are sent to single sign-on.
  await form.getByLabel("Turn off password sign-in for the company's users").check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on settings have been saved.').first()).toBeVisible();
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto('/login');
  await again.getByLabel('Email').fill(admin.email);
  await again.getByLabel('Password', { exact: true }).fill(admin.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(again.getByRole('alert')).toContainText(PASSWORD_SIGN_IN_DISABLED);
  await other.close();
});
