/**
 * The signed-in user as the API sends it (spec 1 §3 User, §6 subscription flags), shared by the
 * server's presenter and the web app's session.
 */
import type { ApiAgreementAcceptance } from '../agreements.ts';
import type { ColorPaletteName } from '../colorPalettes.ts';
import type { RoleList } from '../roles.ts';

export type UnitOfMeasure = 'Metric' | 'Imperial';

export interface ApiCompanySummary {
  id: string;
  name: string;
  subscriptionType: number;
  isSubscriptionActive: boolean;
  isAlphaTester: boolean;
  freeTrialExpirationDate: string | null;
  allowPVRADARExtension: boolean;
}

export interface ApiUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyId: string;
  status: number;
  roles: RoleList;
  /** The unit system, and the charts' colour palette (the accessibility page; 'default' when unset). */
  settings: { unitOfMeasure: UnitOfMeasure; colorPalette?: ColorPaletteName };
  eulaAcceptedStatus: boolean;
  totpEnabled: boolean;
  premiumStatus: boolean;
  freeTrialStatus: boolean;
  professionalStatus: boolean;
  alphaTesterStatus: boolean;
  company: ApiCompanySummary;
  /**
   * The user's acceptance of the data-migration agreement of their role (spec 1 §3), null when none;
   * sent with GET /user/current and the session grants, absent from user lists.
   */
  migrationAgreementAcceptance?: ApiAgreementAcceptance | null;
}

/** POST /auth/login, /auth/signup and /auth/refresh answer with this. */
export interface SessionGrant {
  accessToken: string;
  expiresIn: number;
  user: ApiUser;
}
