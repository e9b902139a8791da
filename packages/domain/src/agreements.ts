/**
 * The data-migration agreements (spec 1 §2: /agreement, /admin-agreement, /super-admin-agreement) and
 * the login-notification rule that decides which one a user is shown at sign-in.
 *
 * A super admin asks a company's users (or every company's) to read them by publishing a login
 * notification; each user is then shown the agreement of their role (super admin, then admin, then
 * everybody else) until they accept its current version or bypass it ('Not Now'). Changing an
 * agreement's text means raising its version: users who accepted an earlier one are asked again.
 */
import { isAdmin, isSuperAdmin, type RoleList } from './roles.ts';

export type AgreementKind = 'migration' | 'admin' | 'superAdmin';

export const AGREEMENT_KINDS: readonly AgreementKind[] = ['migration', 'admin', 'superAdmin'];

export interface AgreementSection {
  heading: string;
  text: string;
}

export interface Agreement {
  kind: AgreementKind;
  version: number;
  /** The web route that shows it. */
  route: '/agreement' | '/admin-agreement' | '/super-admin-agreement';
  title: string;
  /** The API call that records a decision (POST). */
  decisionPath: string;
  sections: readonly AgreementSection[];
}

const SHARED_SCOPE: AgreementSection = {
  heading: 'What is migrated',
  text:
    'Projects with their predictions and power plants, and the PV modules, inverters and weather files ' +
    'they use, are copied into Sunfield as project files (the format of docs/project-export.md). Results ' +
    'are not copied: each prediction is run again in Sunfield, by its own models, and its energy may ' +
    'differ from the figure of the system it came from.',
};

export const AGREEMENTS: Readonly<Record<AgreementKind, Agreement>> = {
  migration: {
    kind: 'migration',
    version: 1,
    route: '/agreement',
    title: 'Data Migration Agreement',
    decisionPath: '/User/Migrate',
    sections: [
      {
        heading: 'Why you are asked',
        text:
          'Your company is moving its solar design data into Sunfield. Before the data you own is moved, ' +
          'we ask you to agree to how it is handled.',
      },
      SHARED_SCOPE,
      {
        heading: 'Ownership and access',
        text:
          'Migrated items stay yours: they keep their owner and their status (a Draft-Private prediction ' +
          'stays private to you). Your company admins can reassign them to a colleague, as they can any ' +
          'item of the company, and nobody outside your company can see them.',
      },
      {
        heading: 'Checking the results',
        text:
          'You agree to review the migrated predictions you rely on, and to run them again before using ' +
          'their energy in a bid or a contract.',
      },
    ],
  },
  admin: {
    kind: 'admin',
    version: 1,
    route: '/admin-agreement',
    title: 'Admin Data Migration Agreement',
    decisionPath: '/Company/MigrationAgreement',
    sections: [
      {
        heading: 'On behalf of your company',
        text:
          "As an admin you agree, on behalf of your company, that its data is moved into Sunfield's " +
          'database for your company, and that the people of the Sunfield team who run the migration may ' +
          'read it for that purpose only.',
      },
      SHARED_SCOPE,
      {
        heading: 'Users and defaults',
        text:
          "Your company's users, their roles and the company default settings are created in Sunfield as " +
          'they were. Weather-vendor credentials are not migrated: enter them again on the company page, ' +
          'where they are kept encrypted.',
      },
      {
        heading: 'Your users',
        text:
          'Each user of your company is asked to agree to the migration of the items they own when they ' +
          'next sign in.',
      },
    ],
  },
  superAdmin: {
    kind: 'superAdmin',
    version: 1,
    route: '/super-admin-agreement',
    title: 'Super Admin Data Migration Agreement',
    decisionPath: '/Company/SuperAdminMigrationAgreement',
    sections: [
      {
        heading: 'Access to customer data',
        text:
          'As a super admin you can read and change the data of every company. During a migration you ' +
          "agree to open a company's projects, predictions and libraries only to move them, check them " +
          'or answer that company’s support requests.',
      },
      SHARED_SCOPE,
      {
        heading: 'Records',
        text:
          'You agree to ask the users of a company to accept the migration agreements (login ' +
          'notifications) before moving its data, and to keep the exported project files only until ' +
          'their import is checked.',
      },
    ],
  },
};

/** The agreement of a role list: super admin, then admin, then everybody else (spec 1 §2 precedence). */
export function agreementFor(roles: RoleList | null | undefined): Agreement {
  if (isSuperAdmin(roles)) return AGREEMENTS.superAdmin;
  if (isAdmin(roles)) return AGREEMENTS.admin;
  return AGREEMENTS.migration;
}

/** A user's recorded decision on one agreement version. */
export interface AgreementDecision {
  agreement: AgreementKind;
  version: number;
  decision: 'accepted' | 'bypassed';
}

/**
 * The login-notification rule of spec 1 §2: the agreement of the user's role is shown when a login
 * notification asks for it (for the user's company or every company), the user has no recorded
 * acceptance of its current version and has not bypassed it. Null when nothing is to be shown.
 */
export function agreementToShow(
  roles: RoleList | null | undefined,
  requested: boolean,
  decisions: readonly AgreementDecision[],
): Agreement | null {
  if (!requested) return null;
  const agreement = agreementFor(roles);
  const decided = decisions.some((d) => d.agreement === agreement.kind && d.version === agreement.version);
  return decided ? null : agreement;
}

/** How the API shows a user's acceptance (spec 1 §3 User.migrationAgreementAcceptance). */
export interface ApiAgreementAcceptance {
  agreement: AgreementKind;
  version: number;
  acceptedDate: string;
}

/** GET /LoginNotification/GetNotifications: what to show at sign-in, in order. */
export interface ApiLoginNotification {
  type: 'agreement';
  agreement: AgreementKind;
  version: number;
  route: Agreement['route'];
  title: string;
}
