/**
 * A refresh asked before an update of the signed-in user (accepting the EULA) must not put the older
 * user back when it answers after it (the e2e companyUsers run that found it: the page went back to
 * /eula after Accept). The unit project shares modules between files, so fetch is stubbed, not the
 * API module.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyGrant,
  clearSession,
  refreshAccessToken,
  session,
  updateSessionUser,
} from '../src/auth/session.ts';
import type { CurrentUser, SessionGrant } from '../src/auth/types.ts';

const user = (eulaAcceptedStatus: boolean) => ({ id: 'u1', eulaAcceptedStatus }) as unknown as CurrentUser;
const grant = (token: string, eula: boolean) =>
  ({ accessToken: token, expiresIn: 900, user: user(eula) }) as unknown as SessionGrant;

/** Stubs fetch with one answer that the test sends when it wants. */
function heldAnswer(): (body: SessionGrant) => void {
  let send: (response: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (send = resolve))),
  );
  return (body) =>
    send(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('session refresh', () => {
  it('keeps a user updated while the refresh was on its way, and takes the new token', async () => {
    const answer = heldAnswer();
    applyGrant(grant('first', false));
    const refreshed = refreshAccessToken();
    updateSessionUser(user(true));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    answer(grant('second', false));
    expect(await refreshed).toBe(true);
    expect(session.get().accessToken).toBe('second');
    expect(session.get().user?.eulaAcceptedStatus).toBe(true);
  });

  it("takes the refresh's user when nothing changed it meanwhile", async () => {
    const answer = heldAnswer();
    applyGrant(grant('first', true));
    const refreshed = refreshAccessToken();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    answer(grant('second', false));
    expect(await refreshed).toBe(true);
    expect(session.get().user?.eulaAcceptedStatus).toBe(false);
  });
});
