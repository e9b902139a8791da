/** The user and session shapes as the API sends them (spec 1 §3 User, server contract of /auth). */
import type { ApiCompanySummary, ApiUser, SessionGrant, UnitOfMeasure } from '@sunfield/domain';

export type UnitSystem = UnitOfMeasure;
export type CurrentCompany = ApiCompanySummary;
export type CurrentUser = ApiUser;
export type { SessionGrant };

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  /** Epoch ms at which the access token expires. */
  expiresAt: number | null;
  user: CurrentUser | null;
}
