/**
 * A real OpenID Connect provider for the single sign-on tests (integration and e2e): oidc-provider
 * (the maintained, certified Node.js implementation) on 127.0.0.1 at a free port, with one
 * confidential client whose redirect URI is Sunfield's callback, and accounts kept in a map the test
 * fills. Its sign-in page is a plain form (Email, Password) checked against those accounts; consent
 * is given for the client's scopes without asking (the provider's documented "skip consent"
 * recipe, loadExistingGrant). Email claims come from the userinfo endpoint (the provider's default,
 * conformIdTokenClaims), which the relying party must read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  email: string;
  password: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Keyed by subject (the account id). */
  accounts: Map<string, TestAccount>;
  /** Adds an account; its subject is returned. */
  addAccount(account: TestAccount): string;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body><h1>Test provider sign-in</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input name="login" type="email" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Continue</button></form></body></html>`;
}

async function formBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider; `redirectUri` is the relying party's callback (Sunfield's PUBLIC_URL one). */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'sunfield-test';
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const accounts = new Map<string, TestAccount>();
  let next = 0;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['sunfield-test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            given_name: account.givenName ?? 'Sso',
            family_name: account.familyName ?? 'User',
            name: `${account.givenName ?? 'Sso'} ${account.familyName ?? 'User'}`,
          };
        },
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      callback(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!match[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(loginPage(details.uid));
          return;
        }
        const form = await formBody(req);
        const email = (form.get('login') ?? '').trim().toLowerCase();
        const found = [...accounts].find(
          ([, a]) => a.email.toLowerCase() === email && a.password === form.get('password'),
        );
        if (!found) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(loginPage(details.uid, 'Wrong email or password.'));
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: found[0] } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${(error as Error).message}`);
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    addAccount(account) {
      const sub = `account-${++next}`;
      accounts.set(sub, account);
      return sub;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser for the integration tests: follows the provider's redirects with its cookies, signs in
 * on its form, and stops at the first address outside the provider (the relying party's callback),
 * which it returns.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  issuer: string,
  credentials: { email: string; password: string },
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  let url = new URL(authorizationUrl);
  let init: RequestInit = { method: 'GET' };
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== new URL(issuer).origin) return url;
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: cookieHeader() },
    });
    keep(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action)
      throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    if (/role="alert"/.test(html) && init.method === 'POST')
      throw new Error('provider refused the credentials');
    url = new URL(action.replace(/&#47;/g, '/'), url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: credentials.email, password: credentials.password }).toString(),
    };
  }
  throw new Error('too many redirects at the provider');
}
