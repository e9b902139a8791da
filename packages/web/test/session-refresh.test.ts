/**
 * A refresh asked before an update of the signed-in user (accepting the EULA) must not put the older
 * user back when it answers after it (the e2e companyUsers run that found it: the page went back to
 * /eula after Accept).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, SessionGrant } from '../src/auth/types.ts';

let answer: (grant: SessionGrant) => void = () => {};
vi.mock('../src/api/client.ts', () => ({
  ApiError: class ApiError extends Error {
    constructor(
      public status: number,
      public body: unknown,
    ) {
      super(String(status));
    }
  },
  api: () => new Promise<SessionGrant>((resolve) => (answer = resolve)),
}));

const { applyGrant, clearSession, refreshAccessToken, session, updateSessionUser } =
  await import('../src/auth/session.ts');

const user = (eulaAcceptedStatus: boolean) => ({ id: 'u1', eulaAcceptedStatus }) as unknown as CurrentUser;
const grant = (token: string, eula: boolean) =>
  ({ accessToken: token, expiresIn: 900, user: user(eula) }) as unknown as SessionGrant;

afterEach(() => clearSession());

describe('session refresh', () => {
  it('keeps a user updated while the refresh was on its way, and takes the new token', async () => {
    applyGrant(grant('first', false));
    const refreshed = refreshAccessToken();
    updateSessionUser(user(true));
    answer(grant('second', false));
    expect(await refreshed).toBe(true);
    expect(session.get().accessToken).toBe('second');
    expect(session.get().user?.eulaAcceptedStatus).toBe(true);
  });

  it("takes the refresh's user when nothing changed it meanwhile", async () => {
    applyGrant(grant('first', true));
    const refreshed = refreshAccessToken();
    answer(grant('second', false));
    expect(await refreshed).toBe(true);
    expect(session.get().user?.eulaAcceptedStatus).toBe(false);
  });
});
