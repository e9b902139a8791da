/**
 * Single sign-on through a company's OpenID Connect provider (spec 2 §7.13: federated sign-in
 * through a hosted page with the code flow): the texts the sign-in screen and the company page show,
 * shared by the server (which names an outcome by its code) and the web app (which shows its text).
 */

/** Why a single sign-on did not sign the user in: the code travels in `/login?ssoError=…`. */
export const SSO_ERRORS = {
  expired: 'The single sign-on attempt has expired or was already used. Please try again.',
  provider: 'Your company’s sign-in provider did not confirm who you are. Please try again.',
  domain: 'Your company’s single sign-on does not accept this email address.',
  unverified: 'Your sign-in provider has not verified your email address.',
  noAccount: 'There is no Sunfield account for this email address. Ask your administrator to add you.',
  otherCompany: 'This email address belongs to a user of another company.',
  disabled: 'Your account has been disabled. Ask your administrator.',
  superAdmin: 'Super admins sign in with their password.',
  unavailable: 'Single sign-on is not available for your company right now.',
} as const;

export type SsoErrorCode = keyof typeof SSO_ERRORS;

export const isSsoErrorCode = (value: unknown): value is SsoErrorCode =>
  typeof value === 'string' && Object.hasOwn(SSO_ERRORS, value);

/** The answer to an email whose domain no company's single sign-on (turned on) signs in. */
export const SSO_NOT_AVAILABLE = 'Single sign-on is not available for this email address.';

/** The answer to a password sign-in of a user whose company turned password sign-in off. */
export const PASSWORD_SIGN_IN_DISABLED =
  'Your company signs in with single sign-on. Choose "Sign in with your company\'s single sign-on".';

/** The login screen's entry (issue 19). */
export const SSO_SIGN_IN_LABEL = "Sign in with your company's single sign-on";

/** A DNS name of two labels or more (`example.com`), lower-case, without a leading `@`. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** The domain as stored (`@Example.COM ` → `example.com`), or null when it is not one. */
export function normalizeSsoDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  return DOMAIN.test(domain) ? domain : null;
}

/** The domain of an email address (after its last `@`), lower-case; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** A company's single sign-on settings as GET/PUT /api/Company/SingleSignOn answer them: the secret masked. */
export interface PresentedSsoSettings {
  companyId: string;
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  hasClientSecret: boolean;
  allowedDomains: string[];
  allowAutoCreate: boolean;
  passwordSignInDisabled: boolean;
  /** The address to register at the provider as the client's redirect URI. */
  redirectUri: string;
}
