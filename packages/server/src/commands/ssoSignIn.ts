/**
 * Single sign-on through a company's OpenID Connect provider (spec 2 §7.13: federated sign-in
 * through a hosted page with the code flow), the relying party being openid-client:
 *
 * 1. `startSsoSignIn`: the email's domain names the company (company_sso_domains); the provider's
 *    discovery document gives its authorization endpoint; a random state, nonce and PKCE code
 *    verifier (S256) are kept in sso_logins (the state only as its SHA-256), 10 minutes, and the
 *    browser goes to the provider. The state also goes into a cookie of the browser that started
 *    (routes/auth/sso.ts), so a callback opened in another browser (login CSRF) is refused.
 * 2. `finishSsoSignIn`: the callback's state is consumed (one UPDATE … WHERE used_at IS NULL AND
 *    expires_at > now(): once, and in time), the code is exchanged with the PKCE verifier at the
 *    token endpoint, and openid-client validates the ID token (signature from the provider's JWKS,
 *    issuer, audience, nonce, expiry). The email comes from the ID token, else from the userinfo
 *    endpoint (same subject); it must be verified where the provider says, and of one of the
 *    company's allowed domains. The user is the one with that email IN THAT COMPANY: a user of
 *    another company with it is refused; an unknown one is created with the User role only when
 *    the company allows it; a disabled one is refused. Then the session of a password sign-in.
 *
 * The redirect URI is fixed by the server's public address (PUBLIC_URL), never taken from the
 * request, and where the web app goes afterwards is a path of the app, never another site.
 * The Sunfield authenticator code is not asked here: the company's provider signs its users in
 * with whatever factors it requires.
 */
import net from 'node:net';
import * as oidc from 'openid-client';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { emailDomain, hasRole, ROLE, textProblem, type SsoErrorCode } from '@sunfield/domain';
import { hashPassword } from '../auth/passwords.ts';
import { randomToken, sha256, type TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ssoLogins, users } from '../db/schema.ts';
import { ssoLoginSettings, ssoSettingsForDomain, type SsoLoginSettings } from '../models/companySso.ts';
import {
  findAccountByEmail,
  isAccountActive,
  isUniqueViolation,
  normalizeEmail,
  type Account,
} from './accounts.ts';
import { startSession, type ClientInfo, type IssuedSession } from './authSessions.ts';

/** How long the browser has between the redirect to the provider and the callback [s]. */
export const SSO_STATE_SECONDS = 10 * 60;
/** How long a provider's discovery document is kept in this process [ms]. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
/** The longest a request to a provider may take [s]. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** A single sign-on that did not sign in: the code names the reason (domain SSO_ERRORS). */
export class SsoError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`single sign-on refused: ${code}`, options);
  }
}

/** The callback address registered at the provider: the public address's /api/auth/sso/callback. */
export const ssoRedirectUri = (config: Pick<Config, 'publicUrl'>): string =>
  `${config.publicUrl.replace(/\/+$/, '')}/api/auth/sso/callback`;

/**
 * A path of the web app to go to after signing in: starts with one `/`, no scheme, no `//` or `\`
 * (which browsers read as another host), no control characters; anything else is `/`.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 1000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  // Resolved against a placeholder origin: whatever it is, it must stay on that origin.
  const url = new URL(value, 'http://sunfield.invalid');
  if (url.origin !== 'http://sunfield.invalid') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether a host is this machine or a private network by its name or address literal (loopback,
 * RFC 1918, link-local with the cloud metadata address, unique-local IPv6). A name that resolves
 * to such an address is not caught here: deployments that must keep the server's requests off
 * their network restrict its egress.
 */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '0.0.0.0') return true;
  if (net.isIPv4(host)) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (net.isIPv6(host)) {
    return (
      host === '::1' ||
      host === '::' ||
      /^f[cd]/.test(host) ||
      /^fe[89ab]/.test(host) ||
      host.startsWith('::ffff:')
    );
  }
  return false;
}

/**
 * An issuer address as it may be stored: https, no credentials, query or fragment, not this machine
 * nor a private network by its literal address; with SUNFIELD_SSO_ALLOW_HTTP (development and tests)
 * http and local addresses too.
 */
export function issuerProblem(value: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter the issuer’s address, such as https://login.example.com.';
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    return 'The issuer’s address must start with https://.';
  }
  if (url.username || url.password || url.search || url.hash) {
    return 'The issuer’s address must not have a user, a query or a fragment.';
  }
  if (!allowHttp && isInternalHost(url.hostname)) {
    return 'The issuer’s address must be a public address, not this server or a private network.';
  }
  return null;
}

const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/**
 * The provider's configuration for the company's client: its discovery document (cached), the
 * client id and secret, and the client authentication its token endpoint accepts (client_secret_basic,
 * OpenID Connect Discovery's default, else client_secret_post; none without a secret).
 */
export function providerConfiguration(
  settings: Pick<SsoLoginSettings, 'issuer' | 'clientId' | 'clientSecret'>,
  allowHttp: boolean,
): Promise<oidc.Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}\n${sha256(settings.clientSecret ?? '')}\n${allowHttp}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = (async () => {
    const execute = allowHttp ? [oidc.allowInsecureRequests] : [];
    const found = await oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.None(), {
      execute,
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
    const metadata = found.serverMetadata();
    // The endpoints the server calls are held to the issuer's rule (a public document could name
    // an address inside the network).
    if (!allowHttp) {
      for (const endpoint of [metadata.token_endpoint, metadata.jwks_uri, metadata.userinfo_endpoint]) {
        if (endpoint && isInternalHost(new URL(endpoint).hostname)) {
          throw new Error(`the provider names an internal address: ${endpoint}`);
        }
      }
    }
    const secret = settings.clientSecret;
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = !secret
      ? oidc.None()
      : methods.includes('client_secret_basic') || !methods.includes('client_secret_post')
        ? oidc.ClientSecretBasic(secret)
        : oidc.ClientSecretPost(secret);
    const configuration = new oidc.Configuration(metadata, settings.clientId, secret ?? undefined, auth);
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    for (const step of execute) step(configuration);
    return configuration;
  })();
  discovered.set(key, { at: Date.now(), config });
  // A failure is not kept: the next attempt asks the provider again.
  config.catch(() => discovered.delete(key));
  return config;
}

export interface SsoStart {
  authorizationUrl: string;
  /** Also set as the browser's binding cookie. */
  state: string;
}

/**
 * Starts a sign-in for the email's company. Undefined when no company's single sign-on (turned on)
 * signs in that domain: the caller answers that single sign-on is not available for the address,
 * which says no more than whether the domain uses it (not whether the person has an account).
 */
export async function startSsoSignIn(
  db: Db,
  config: Config,
  email: string,
  returnPath: unknown,
): Promise<SsoStart | undefined> {
  const settings = await ssoSettingsForDomain(db, config, emailDomain(normalizeEmail(email)));
  if (!settings) return undefined;
  const provider = await providerConfiguration(settings, config.ssoAllowHttp).catch((error: unknown) => {
    throw new SsoError('unavailable', { cause: error });
  });
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  // Attempts long past their time go, a few at a time, with each new one.
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(ssoLogins).values({
    stateHash: sha256(state),
    companyId: settings.companyId,
    codeVerifier,
    nonce,
    returnPath: safeReturnPath(returnPath),
    expiresAt: sql`now() + make_interval(secs => ${SSO_STATE_SECONDS})`,
  });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: ssoRedirectUri(config),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: normalizeEmail(email),
  });
  return { authorizationUrl: url.href, state };
}

export interface SsoSignedIn {
  account: Account;
  session: IssuedSession;
  returnPath: string;
  created: boolean;
}

/**
 * Finishes a sign-in from the provider's callback. `query` is the callback's query string as
 * received; `boundState` the state of the browser's cookie. Throws SsoError.
 */
export async function finishSsoSignIn(
  db: Db,
  config: Config,
  tokens: TokenService,
  query: string,
  boundState: string | undefined,
  client: ClientInfo,
): Promise<SsoSignedIn> {
  const params = new URLSearchParams(query);
  const state = params.get('state') ?? '';
  if (!state || !boundState || state !== boundState) throw new SsoError('expired');
  // Used once, and in time: a replayed callback finds the row used.
  const [attempt] = await db
    .update(ssoLogins)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(ssoLogins.stateHash, sha256(state)),
        isNull(ssoLogins.usedAt),
        gt(ssoLogins.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!attempt) throw new SsoError('expired');
  if (params.has('error')) throw new SsoError('provider');

  const settings = await ssoLoginSettings(db, config, attempt.companyId);
  if (!settings) throw new SsoError('unavailable');
  let claims: Record<string, unknown>;
  try {
    const provider = await providerConfiguration(settings, config.ssoAllowHttp);
    const currentUrl = new URL(`${ssoRedirectUri(config)}?${params.toString()}`);
    const grant = await oidc.authorizationCodeGrant(provider, currentUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const idClaims = grant.claims();
    if (!idClaims) throw new Error('no ID token');
    claims = { ...idClaims };
    if (typeof claims.email !== 'string') {
      // Providers that answer an access token put the profile claims at the userinfo endpoint.
      const info = await oidc.fetchUserInfo(provider, grant.access_token, idClaims.sub);
      claims = { ...info, ...idClaims };
    }
  } catch (error) {
    if (error instanceof SsoError) throw error;
    throw new SsoError('provider', { cause: error });
  }

  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  if (!email || textProblem(email) || !settings.allowedDomains.includes(emailDomain(email))) {
    throw new SsoError('domain');
  }
  if (claims.email_verified !== undefined && claims.email_verified !== true) {
    throw new SsoError('unverified');
  }

  let created = false;
  let account = await findAccountByEmail(db, email);
  if (account && account.company.id !== settings.companyId) throw new SsoError('otherCompany');
  if (!account) {
    if (!settings.allowAutoCreate) throw new SsoError('noAccount');
    account = await createSsoUser(db, settings.companyId, email, claims);
    created = true;
  }
  if (!isAccountActive(account)) throw new SsoError('disabled');
  // A company's provider is run by the company's admins, who may not act on a super admin (spec 1
  // roles): a provider asserting a super admin's email must not sign them in.
  if (hasRole(account.user.roles, ROLE.SuperAdmin)) throw new SsoError('superAdmin');

  const lastLogin = new Date();
  // An invited (Pending) user who signs in through the provider is Active from now on.
  const [user] = await db
    .update(users)
    .set({ lastLogin, status: sql`case when ${users.status} = 2 then 1 else ${users.status} end` })
    .where(eq(users.id, account.user.id))
    .returning();
  const signedIn = { ...account, user: user ?? account.user };
  const session = await startSession(db, tokens, signedIn, client);
  return { account: signedIn, session, returnPath: attempt.returnPath, created };
}

/** First and last name from the provider's claims, else the email's local part. */
function namesOf(email: string, claims: Record<string, unknown>): { firstName: string; lastName: string } {
  // The provider's text as PostgreSQL can keep it (the shared text guard's rule), else none.
  const text = (value: unknown) =>
    typeof value === 'string' && !textProblem(value) ? value.trim().slice(0, 100) : '';
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = text(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return {
    firstName: firstName || email.slice(0, email.indexOf('@')).slice(0, 100),
    lastName: lastName || '-',
  };
}

/**
 * A new user of the company with the User role, Active, who signs in through the provider: its
 * password is a random one nobody knows (a password reset by its owner gives it one, if the
 * company still allows password sign-in). A concurrent creation of the same email is refused.
 */
async function createSsoUser(
  db: Db,
  companyId: string,
  email: string,
  claims: Record<string, unknown>,
): Promise<Account> {
  try {
    await db.insert(users).values({
      companyId,
      email,
      ...namesOf(email, claims),
      passwordHash: await hashPassword(randomToken(32)),
      roles: ['User'],
      status: 1,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const account = await findAccountByEmail(db, email);
  if (!account || account.company.id !== companyId) throw new SsoError('otherCompany');
  return account;
}
