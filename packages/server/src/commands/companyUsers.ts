/**
 * Managing the users of a company (spec 2 §7.3): invite (POST /Company/{cid}/User), resend the
 * welcome email, set a password, change the role, disable and enable, delete, and move a user's
 * assets to a colleague. Who may do it is decided by policies/companyUsers.ts before these run.
 *
 * An invitation works as the identity service of the original does ("completing a new password",
 * spec 2 §7.13): the new user is Pending with a temporary password, mailed with a link to
 * /login?email=…; signing in with it asks for a password of their own (commands/logIn.ts), after
 * which the user is Active. A temporary password stops working after TEMPORARY_PASSWORD_DAYS;
 * resending the welcome email makes a new one.
 *
 * Disabling, deleting and setting the password revoke the user's sessions, API client credentials and
 * issued access tokens (revokeCredentials); the caller announces the revocation to the hubs after
 * the transaction has committed.
 */
import crypto from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ROLE_LABELS, type RoleName } from '@sunfield/domain';
import type { Services } from '../app.ts';
import type { CompanyRow, UserRow } from '../auth/context.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/index.ts';
import { inverters, modules, predictions, projects, users, weathers } from '../db/schema.ts';
import { queueMail } from '../jobs/mailSend.ts';
import { passwordSignInDisabled } from '../models/companySso.ts';
import { HttpError, badRequest, conflict } from '../lib/errors.ts';
import { isUniqueViolation, normalizeEmail } from './accounts.ts';
import { revokeCredentials } from './authSessions.ts';
import { takeAll, throttleKey, type WindowLimit } from './throttle.ts';

export const TEMPORARY_PASSWORD_DAYS = 7;
export const INVITE_SUBJECT = 'You have been invited to Sunfield';
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const ALREADY_ACTIVE = 'This user has already set a password.';
export const SAME_USER = 'Choose another user to receive the assets.';
export const OWNS_ASSETS = 'This user still owns assets. Reassign them to another user first.';

/**
 * Calls that mail invitations (invite, resend), per company: an admin's account cannot be used to
 * send unlimited mail to any address.
 */
export const INVITATION_CALLS: WindowLimit = { kind: 'window', max: 30, windowSeconds: 3600 };
export const TOO_MANY_INVITATIONS =
  'Too many invitations were sent for this company. Please try again later.';

/** Counts one invitation call of the company; 429 beyond INVITATION_CALLS. */
export const takeInvitationCall = (db: Db, companyId: string): Promise<void> =>
  takeAll(db, [{ key: throttleKey('invite', companyId), limit: INVITATION_CALLS }], TOO_MANY_INVITATIONS);

/** UserStatusEnum (spec 3). */
export const USER_STATUS = { Disabled: 0, Active: 1, Pending: 2 } as const;

const USER_STATUS_TEXT: Record<number, string> = { 0: 'Disabled', 1: 'Active', 2: 'Pending', 3: 'Archived' };
export const userStatusText = (status: number): string => USER_STATUS_TEXT[status] ?? 'Unknown';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const SPECIALS = '!#$%&*+-=?@';

/**
 * A temporary password of 16 characters (about 90 bits) that meets the strength rules (an upper-case
 * letter, a digit, a special character).
 */
export function temporaryPassword(): string {
  const pick = (chars: string) => chars[crypto.randomInt(chars.length)] ?? 'x';
  const body = Array.from({ length: 13 }, () => pick(ALPHABET)).join('');
  return `${body}${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('23456789')}${pick(SPECIALS)}`;
}

const expiryFromNow = () => new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * 24 * 3600 * 1000);

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  role: RoleName;
}

/**
 * Creates the invited users (Pending, each with a temporary password) in one transaction and mails
 * each an invitation. An email already taken, anywhere, refuses the whole call: 409 naming the field.
 */
export async function inviteUsers(
  services: Services,
  company: CompanyRow,
  invitedBy: Pick<UserRow, 'firstName' | 'lastName'>,
  inputs: readonly InviteInput[],
  log: FastifyBaseLogger,
): Promise<UserRow[]> {
  const db = services.database.db;
  const emails = inputs.map((input) => normalizeEmail(input.email));
  const seen = new Map<string, number>();
  const problems: Record<string, string[]> = {};
  emails.forEach((email, i) => {
    if (seen.has(email)) problems[`users.${i}.email`] = ['This email is listed twice.'];
    seen.set(email, i);
  });
  if (Object.keys(problems).length) throw badRequest('The request is invalid.', problems);
  const taken = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  if (taken.length) throw emailTaken(taken.map((row) => seen.get(row.email) ?? 0));
  await takeInvitationCall(db, company.id);

  const passwords = inputs.map(() => temporaryPassword());
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  const passwordExpiresAt = expiryFromNow();
  let created: UserRow[];
  try {
    created = await db
      .insert(users)
      .values(
        inputs.map((input, i) => ({
          companyId: company.id,
          email: emails[i] ?? '',
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash: hashes[i] ?? '',
          roles: [input.role],
          status: USER_STATUS.Pending,
          passwordExpiresAt,
          eulaAcceptedAt: null,
        })),
      )
      .returning();
  } catch (error) {
    // Invited at the same moment by someone else: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken([]);
    throw error;
  }
  const byEmail = new Map(created.map((user) => [user.email, user]));
  for (const [i, email] of emails.entries()) {
    const user = byEmail.get(email);
    if (user) await sendInvitation(services, user, company, invitedBy, passwords[i] ?? '', log);
  }
  return created;
}

function emailTaken(indexes: number[]): HttpError {
  const modelState: Record<string, string[]> = {};
  for (const i of indexes) modelState[`users.${i}.email`] = [EMAIL_TAKEN];
  return new HttpError(409, { message: EMAIL_TAKEN, modelState }, EMAIL_TAKEN);
}

/** The invitation: who invited, the role, the link to /login with the email and the temporary password. */
async function sendInvitation(
  services: Services,
  user: UserRow,
  company: CompanyRow,
  invitedBy: Pick<UserRow, 'firstName' | 'lastName'>,
  password: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const base = services.config.publicUrl.replace(/\/+$/, '');
  const role = user.roles[0] as RoleName | undefined;
  // A company that turned password sign-in off: the invitation sends to its single sign-on.
  const sso = await passwordSignInDisabled(services.database.db, company.id);
  const link = `${base}/login?${sso ? 'sso=1&' : ''}email=${encodeURIComponent(user.email)}`;
  const text = [
    `Hello ${user.firstName},`,
    '',
    `${invitedBy.firstName} ${invitedBy.lastName} invited you to ${company.name} on Sunfield` +
      (role ? ` as ${ROLE_LABELS[role] ?? role}.` : '.'),
    '',
    ...(sso
      ? [`Sign in with your company's single sign-on at ${link}`, `Email: ${user.email}`]
      : [
          `Sign in at ${link}`,
          `Email: ${user.email}`,
          `Temporary password: ${password}`,
          '',
          `You will then choose a password of your own. The temporary password expires in ${TEMPORARY_PASSWORD_DAYS} days.`,
        ]),
    '',
    'The Sunfield team',
  ].join('\n');
  try {
    await queueMail(services, { to: user.email, subject: INVITE_SUBJECT, text }, log);
  } catch (error) {
    // The user exists; the admin can send the invitation again.
    log.error({ err: error, to: user.email }, 'invitation email could not be queued');
  }
}

/** Sends a Pending user a new invitation with a new temporary password (the old one stops working). */
export async function resendWelcome(
  services: Services,
  target: UserRow,
  company: CompanyRow,
  invitedBy: Pick<UserRow, 'firstName' | 'lastName'>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (target.status !== USER_STATUS.Pending) throw conflict(ALREADY_ACTIVE);
  await takeInvitationCall(services.database.db, target.companyId);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const db = services.database.db;
  const [updated] = await db
    .update(users)
    .set({ passwordHash, passwordExpiresAt: expiryFromNow(), lastModified: new Date() })
    .where(and(eq(users.id, target.id), eq(users.status, USER_STATUS.Pending)))
    .returning();
  if (!updated) throw conflict(ALREADY_ACTIVE);
  await sendInvitation(services, updated, company, invitedBy, password, log);
}

/**
 * Sets a user's password. A temporary one (the default, as an admin tells it to the user) must be
 * replaced at the next sign-in; a permanent one also makes a Pending user Active. Every credential of
 * the user is revoked either way.
 */
export async function setUserPassword(
  db: Db,
  target: UserRow,
  password: string,
  permanent: boolean,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordExpiresAt: permanent ? null : expiryFromNow(),
        ...(permanent && target.status === USER_STATUS.Pending ? { status: USER_STATUS.Active } : {}),
        lastModified: new Date(),
      })
      .where(eq(users.id, target.id));
    await revokeCredentials(tx, target.id);
  });
}

/** Gives the user this one role (PUT /User/{id}/Role). */
export async function setUserRole(db: Db, target: UserRow, role: RoleName): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ roles: [role], lastModified: new Date() })
    .where(eq(users.id, target.id))
    .returning();
  return row ?? target;
}

/**
 * Disables (status 0: every credential revoked, signing in refused) or enables a user; an enabled
 * user who never set a password is Pending again.
 */
export async function setUserStatus(db: Db, target: UserRow, enabled: boolean): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const status = !enabled
      ? USER_STATUS.Disabled
      : target.passwordExpiresAt && target.status !== USER_STATUS.Active
        ? USER_STATUS.Pending
        : USER_STATUS.Active;
    const [row] = await tx
      .update(users)
      .set({ status, lastModified: new Date() })
      .where(eq(users.id, target.id))
      .returning();
    if (!enabled) await revokeCredentials(tx, target.id);
    return row ?? target;
  });
}

/** How many of each kind of asset a user owns. */
export interface AssetCounts {
  projects: number;
  predictions: number;
  modules: number;
  inverters: number;
  weather: number;
}

const OWNED = [
  ['projects', projects],
  ['predictions', predictions],
  ['modules', modules],
  ['inverters', inverters],
  ['weather', weathers],
] as const;

export async function ownedAssetCounts(db: Db, userId: string): Promise<AssetCounts> {
  const counts = { projects: 0, predictions: 0, modules: 0, inverters: 0, weather: 0 };
  for (const [key, table] of OWNED) {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.ownerId, userId));
    counts[key] = Number(row?.n ?? 0);
  }
  return counts;
}

/**
 * Moves every project, prediction, module, inverter and weather file `from` owns to `to`, a user of
 * the same company, in one transaction (all or nothing). Answers how many of each moved.
 */
export async function reassignAssets(db: Db, from: UserRow, to: UserRow): Promise<AssetCounts> {
  if (from.id === to.id) throw badRequest('The request is invalid.', { toUserId: [SAME_USER] });
  return db.transaction((tx) => moveAssets(tx, from, to));
}

async function moveAssets(tx: Db, from: UserRow, to: UserRow): Promise<AssetCounts> {
  const moved = { projects: 0, predictions: 0, modules: 0, inverters: 0, weather: 0 };
  const now = new Date();
  for (const [key, table] of OWNED) {
    const rows = await tx
      .update(table)
      .set({ ownerId: to.id, lastModified: now })
      .where(eq(table.ownerId, from.id))
      .returning({ id: table.id });
    moved[key] = rows.length;
  }
  return moved;
}

/**
 * Deletes a user (sessions and API credentials go with the row). A user who still owns assets is
 * refused (409) unless `reassignTo` is given: then the assets move to that user in the same
 * transaction as the deletion.
 */
export async function deleteUser(
  db: Db,
  target: UserRow,
  reassignTo: UserRow | undefined,
): Promise<AssetCounts | undefined> {
  if (reassignTo && reassignTo.id === target.id) {
    throw badRequest('The request is invalid.', { reassignTo: [SAME_USER] });
  }
  return db.transaction(async (tx) => {
    let moved: AssetCounts | undefined;
    if (reassignTo) moved = await moveAssets(tx, target, reassignTo);
    else {
      const owned = await ownedAssetCounts(tx, target.id);
      if (Object.values(owned).some((n) => n > 0)) throw conflict(OWNS_ASSETS);
    }
    await revokeCredentials(tx, target.id);
    await tx.delete(users).where(eq(users.id, target.id));
    return moved;
  });
}

/** Asset type (spec 1 §3): All 0, Project 1, Module 2, Inverter 3, Weather 4, Prediction 5. */
const TABLE_OF_TYPE = { 1: projects, 2: modules, 3: inverters, 4: weathers, 5: predictions } as const;
export type OwnedAssetType = keyof typeof TABLE_OF_TYPE;
export const OWNED_ASSET_TYPES = [1, 2, 3, 4, 5] as const satisfies readonly OwnedAssetType[];

/** One asset a user owns, as GET /User/{id}/{x}/asset lists it. */
export interface OwnedAsset {
  assetType: OwnedAssetType;
  id: number;
  name: string;
  status: number;
  lastModified: string;
}

/** At most this many assets of one type are listed. */
export const MAX_LISTED_ASSETS = 5000;

/** The assets of a type (0: every type) the user owns, by type, then name. */
export async function listOwnedAssets(db: Db, userId: string, assetType: number): Promise<OwnedAsset[]> {
  const types = assetType === 0 ? OWNED_ASSET_TYPES : OWNED_ASSET_TYPES.filter((t) => t === assetType);
  const out: OwnedAsset[] = [];
  for (const type of types) {
    const table = TABLE_OF_TYPE[type];
    const rows = await db
      .select({ id: table.id, name: table.name, status: table.status, lastModified: table.lastModified })
      .from(table)
      .where(eq(table.ownerId, userId))
      .orderBy(sql`lower(${table.name})`, table.id)
      .limit(MAX_LISTED_ASSETS);
    for (const row of rows)
      out.push({ assetType: type, ...row, lastModified: row.lastModified.toISOString() });
  }
  return out;
}

/**
 * Moves the listed assets of `from` to `to` in one transaction; refused whole (400 naming
 * `assets.{i}`) when one of them is not owned by `from`.
 */
export async function reassignSelectedAssets(
  db: Db,
  from: UserRow,
  to: UserRow,
  assets: readonly { assetType: OwnedAssetType; id: number }[],
): Promise<number> {
  if (from.id === to.id) throw badRequest('The request is invalid.', { toUserId: [SAME_USER] });
  return db.transaction(async (tx) => {
    const now = new Date();
    const problems: Record<string, string[]> = {};
    let moved = 0;
    for (const type of OWNED_ASSET_TYPES) {
      const wanted = assets.map((asset, i) => ({ ...asset, i })).filter((asset) => asset.assetType === type);
      if (!wanted.length) continue;
      const table = TABLE_OF_TYPE[type];
      const rows = await tx
        .update(table)
        .set({ ownerId: to.id, lastModified: now })
        .where(
          and(
            eq(table.ownerId, from.id),
            inArray(
              table.id,
              wanted.map((asset) => asset.id),
            ),
          ),
        )
        .returning({ id: table.id });
      const done = new Set(rows.map((row) => row.id));
      moved += done.size;
      for (const asset of wanted) {
        if (!done.has(asset.id)) problems[`assets.${asset.i}`] = ['This user does not own this asset.'];
      }
    }
    if (Object.keys(problems).length) throw badRequest('The request is invalid.', problems);
    return moved;
  });
}
