/**
 * The database schema (Drizzle, PostgreSQL dialect). The same schema and migrations run on PGlite
 * (embedded) and on a PostgreSQL server. Every company-owned row carries `companyId`; queries on them
 * are scoped through `policies/`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SEARCH_IGNORED_PG } from '../lib/searchKey.ts';

/** PostgreSQL bytea as a Node Buffer (drizzle-orm 0.45 has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

const timestamps = {
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
};

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  companyType: integer('company_type'),
  /** SubscriptionType: Free 0, Premium 1, Professional 2, Enterprise 3, Education 4, Strategic 5, FreeTrial 6, Business 7 */
  subscriptionType: integer('subscription_type').notNull().default(6),
  isSubscriptionActive: boolean('is_subscription_active').notNull().default(true),
  isAlphaTester: boolean('is_alpha_tester').notNull().default(false),
  freeTrialExpirationDate: timestamp('free_trial_expiration_date', { withTimezone: true }),
  allowPVRADARExtension: boolean('allow_pvradar_extension').notNull().default(false),
  /** UserStatusEnum: Disabled 0, Active 1, Pending 2 */
  status: integer('status').notNull().default(1),
  defaultSettings: jsonb('default_settings').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Role names: User, Admin, FSLRAdmin, Manager, ITAdmin */
    roles: jsonb('roles').$type<string[]>().notNull().default(['User']),
    /** UserStatusEnum: Disabled 0, Active 1, Pending 2, Archived 3 */
    status: integer('status').notNull().default(1),
    settings: jsonb('settings')
      .$type<{ unitOfMeasure: 'Metric' | 'Imperial'; colorPalette?: string }>()
      .notNull()
      .default({ unitOfMeasure: 'Metric' }),
    eulaAcceptedAt: timestamp('eula_accepted_at', { withTimezone: true }),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last authenticator time step (unix time / 30 s) accepted: a code is good once. */
    totpLastStep: integer('totp_last_step'),
    /** Access tokens carry it; raising it (password reset) makes every earlier token invalid. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Set while the password is a temporary one (an invitation's, or one an admin set): signing in
     * with it asks for a new password, and after this time it no longer signs in at all.
     */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    index('users_company').on(t.companyId),
  ],
);

/** Refresh sessions: the cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Every refresh token rotated from one sign-in shares its family; reusing an old one ends all. */
    familyId: uuid('family_id').notNull().defaultRandom(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * When the token was exchanged for its successor (it is revoked then too); null when it was
     * revoked otherwise (sign-out, reuse, password reset). Tells a client that retries a refresh
     * whose answer it lost from a copied token (commands/authSessions.ts ROTATION_GRACE_SECONDS).
     */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    index('sessions_user').on(t.userId),
    index('sessions_family').on(t.familyId),
  ],
);

/**
 * A company's single sign-on through its OpenID Connect provider (commands/ssoSignIn.ts): the
 * issuer, the client registered there (its secret AES-256-GCM encrypted like the weather-vendor
 * credentials), the email domains it signs in, whether unknown users of those domains are created
 * (role User), and whether password sign-in is turned off for the company's users.
 */
export const companySso = pgTable('company_sso', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  issuer: text('issuer').notNull().default(''),
  clientId: text('client_id').notNull().default(''),
  /** `enc:v1:…` (models/weatherVendorSettings.ts encryptSecret); null when none was given. */
  clientSecret: text('client_secret'),
  allowAutoCreate: boolean('allow_auto_create').notNull().default(false),
  passwordSignInDisabled: boolean('password_sign_in_disabled').notNull().default(false),
  ...timestamps,
});

/** The email domains of each company's single sign-on; a domain belongs to one company at most. */
export const companySsoDomains = pgTable(
  'company_sso_domains',
  {
    /** Lower-case, e.g. `example.com`. */
    domain: text('domain').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [index('company_sso_domains_company').on(t.companyId)],
);

/**
 * Single sign-on attempts between the redirect to the provider and its callback: the state (only
 * its SHA-256), the PKCE code verifier and the nonce, the company, where the SPA goes afterwards.
 * Short-lived and used once (`used_at`).
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** A path of the web app (starts with one `/`), never an address elsewhere. */
    returnPath: text('return_path').notNull().default('/'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_logins_state_hash').on(t.stateHash), index('sso_logins_expires').on(t.expiresAt)],
);

/** Forgot-password codes, stored hashed, single use, short-lived. */
export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

/** API client credentials (POST /User/{id}/Secret); the secret is shown once and stored hashed. */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_clients_client_id').on(t.clientId)],
);

/**
 * Abuse limits (commands/throttle.ts): one row per key (sign-in per address and account, per
 * address, sign-up, forgot-password, contact…), counted by one atomic upsert before the work.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    /** Attempts granted in the current window. */
    hits: integer('hits').notNull(),
    /** The row starts afresh after this instant. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** No attempt is granted before this instant (the growing sign-in delay). */
    allowedAt: timestamp('allowed_at', { withTimezone: true }).notNull(),
    /** When the last attempt was granted. */
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttles_window_ends_at').on(t.windowEndsAt)],
);

/** Outgoing mail. Without SMTP_URL, mail stays here (and in the log) instead of being sent. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-wide settings: maintenance mode, signing secret. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
});

/** Global notifications (spec 1 §2): company-scoped or for everyone (companyId null). */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  /** NotificationType: Announcement 0, Warning 1, Error 2 */
  type: integer('type').notNull().default(0),
  message: text('message').notNull(),
  dismissable: boolean('dismissable').notNull().default(true),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationDismissals = pgTable(
  'notification_dismissals',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_dismissals_pk').on(t.notificationId, t.userId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
  email: text('email'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Login notifications (spec 1 §2 /agreement): a super admin asks the users of one company (or of
 * every company, companyId null) to read the data-migration agreements at sign-in; each user is shown
 * the one of their role (commands/agreements.ts).
 */
export const loginNotifications = pgTable('login_notifications', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's decision on an agreement (migration, admin, superAdmin) at one version: accepted, or
 * bypassed ('Not Now'). One row per user, agreement and version; an acceptance is never overwritten.
 */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agreement: text('agreement').notNull(),
    version: integer('version').notNull(),
    /** 'accepted' | 'bypassed' */
    decision: text('decision').notNull(),
    decidedDate: timestamp('decided_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agreement_acceptances_user_agreement_version').on(t.userId, t.agreement, t.version)],
);

/**
 * Promotion codes (spec 2 §7.12 POST PromotionCode/Redemption): a super admin makes one; a company
 * admin redeems it, which sets the company's tier and freeTrialExpirationDate (commands/promotionCodes.ts).
 * `code` is stored upper-case; redemptionCount only grows, under the limit, in the redeeming statement.
 */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** SubscriptionType the code gives */
    subscriptionType: integer('subscription_type').notNull(),
    /** freeTrialExpirationDate = redemption time + durationDays */
    durationDays: integer('duration_days').notNull(),
    maxRedemptions: integer('max_redemptions').notNull(),
    redemptionCount: integer('redemption_count').notNull().default(0),
    /** The code cannot be redeemed after this instant (null: no limit). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotion_codes_code').on(t.code)],
);

/** Who redeemed a promotion code; a company redeems a code once. */
export const promotionCodeRedemptions = pgTable(
  'promotion_code_redemptions',
  {
    id: serial('id').primaryKey(),
    promotionCodeId: integer('promotion_code_id')
      .notNull()
      .references(() => promotionCodes.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    redeemedDate: timestamp('redeemed_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_code_redemptions_code_company').on(t.promotionCodeId, t.companyId),
    index('promotion_code_redemptions_company').on(t.companyId),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastModifiedById: uuid('last_modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    country: text('country'),
    countryCode: text('country_code'),
    stateProvince: text('state_province'),
    stateProvinceCode: text('state_province_code'),
    locality: text('locality'),
    region: text('region'),
    elevation: doublePrecision('elevation'),
    timeZone: text('time_zone'),
    standardOffsetFromUTC: doublePrecision('standard_offset_from_utc'),
    /** ProjectStatusEnum: Active 0, Archived 1, VoltagePro 2 */
    status: integer('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('projects_company').on(t.companyId, t.status),
    // One per sort of the project list (models/project.ts listOrder), each ending with the id.
    index('projects_company_modified').on(t.companyId, t.lastModified, t.id),
    index('projects_company_created').on(t.companyId, t.createdDate, t.id),
    index('projects_company_name').on(t.companyId, sql`lower(${t.name})`, t.id),
    index('projects_company_country').on(t.companyId, sql`lower(${t.country})`, t.id),
  ],
);

/*
 * Equipment and weather libraries (spec 1 §3, spec 3 `Module`, `Inverter`, `Weather`).
 * Global assets have no company (companyId null) and status Global or GlobalRetired; they are
 * readable by every company and editable by super admins only. The full entity, with the API field
 * names of spec 3, lives in `data`; the columns beside it are what lists search, filter and sort on.
 */
const libraryColumns = {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  lastModifiedById: uuid('last_modified_by_id').references(() => users.id, { onDelete: 'set null' }),
  /** LibraryStatusEnum: Unknown 0, DraftPrivate 1, DraftShared 2, Active 3, Retired 4, Global 5, GlobalRetired 6, StringSizing 10 */
  status: integer('status').notNull().default(1),
  name: text('name').notNull(),
  manufacturer: text('manufacturer'),
  model: text('model'),
  /** Where the asset came from: 'CEC modules 2021-12-01', 'PAN file', 'OND file', 'User', … */
  source: text('source'),
  note: text('note'),
  /** The asset as the API presents it (spec 3 field names), without id/status/ownership. */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
};

/**
 * What module and inverter searches match (every word, LIKE '%word%'): manufacturer, model and name,
 * lower-cased and without spaces and punctuation (lib/searchKey.ts) once on write, with a trigram
 * index (pg_trgm, migration 0002; compacted in migration 0010).
 */
const searchText = () =>
  text('search_text').generatedAlwaysAs(
    sql`regexp_replace(lower(coalesce(manufacturer, '') || ' ' || coalesce(model, '') || ' ' || name), ${sql.raw(`'${SEARCH_IGNORED_PG}'`)}, '', 'g')`,
  );

export const modules = pgTable(
  'modules',
  {
    ...libraryColumns,
    /** CellTechnologyTypeEnum */
    cellTechnologyType: integer('cell_technology_type'),
    /** FacialityEnum: Monofacial 0, Bifacial 1 */
    faciality: integer('faciality').notNull().default(0),
    stcMaxPower: doublePrecision('stc_max_power'),
    searchText: searchText(),
  },
  (t) => [
    index('modules_company_status').on(t.companyId, t.status),
    index('modules_power').on(t.stcMaxPower),
    index('modules_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // The list sorts (ORDER BY lower(…), id) read these in order instead of sorting every row.
    index('modules_name_lower').on(sql`lower(${t.name})`, t.id),
    index('modules_manufacturer_lower').on(sql`lower(${t.manufacturer})`, t.id),
    index('modules_model_lower').on(sql`lower(${t.model})`, t.id),
    index('modules_status_sort').on(t.status, t.id),
    index('modules_technology_sort').on(t.cellTechnologyType, t.id),
    index('modules_modified_sort').on(t.lastModified, t.id),
  ],
);

export const inverters = pgTable(
  'inverters',
  {
    ...libraryColumns,
    /** Rated AC power, kW (the kVA curve's rating / efficiency-curve maximum). */
    powerRating: doublePrecision('power_rating'),
    maxAbsoluteVoltage: doublePrecision('max_absolute_voltage'),
    searchText: searchText(),
  },
  (t) => [
    index('inverters_company_status').on(t.companyId, t.status),
    index('inverters_power').on(t.powerRating),
    index('inverters_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('inverters_name_lower').on(sql`lower(${t.name})`, t.id),
  ],
);

export const weathers = pgTable(
  'weathers',
  {
    ...libraryColumns,
    /** WeatherDataProviderEnum */
    dataProvider: integer('data_provider'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    elevation: doublePrecision('elevation'),
    /** Standard offset from UTC, hours. */
    timeZone: doublePrecision('time_zone'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    /** Minutes between steps. */
    timeInterval: integer('time_interval'),
    rowCount: integer('row_count').notNull().default(0),
    /** Download progress, quality-check results and other state that is not searched on. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('weathers_company_status').on(t.companyId, t.status),
    index('weathers_location').on(t.latitude, t.longitude),
  ],
);

/**
 * Weather series, stored columnar (DESIGN.md "Storage of series"): one row per quantity, its values
 * a little-endian Float32Array (or Float64Array for time stamps) in `values`.
 */
export const weatherColumns = pgTable(
  'weather_columns',
  {
    /**
     * The weather; null while the column is staged (`stagedToken`): written outside the transaction
     * that creates or updates the weather, which then only sets this (models/weather.ts
     * `stageColumns`, migration 0018), so the series' bytes are written once.
     */
    weatherId: integer('weather_id').references(() => weathers.id, { onDelete: 'cascade' }),
    /** Column key: 'timestamp', 'ghi', 'dni', 'dhi', 'poa', 'temperature', 'windSpeed', … */
    name: text('name').notNull(),
    /** 'f32' or 'f64' */
    dtype: text('dtype').notNull(),
    /** stored uncompressed (migration 0011: SET STORAGE EXTERNAL; pglz gains little on floats) */
    values: bytea('values').notNull(),
    /** the upload a staged column belongs to (null once attached to its weather) */
    stagedToken: uuid('staged_token'),
    /** when a staged column was written (staged columns older than a day are removed) */
    stagedAt: timestamp('staged_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('weather_columns_pk').on(t.weatherId, t.name),
    index('weather_columns_staged')
      .on(t.stagedToken)
      .where(sql`staged_token is not null`),
    // A column belongs to its weather or to an upload, never both nor neither.
    check('weather_columns_owner', sql`(weather_id is null) <> (staged_token is null)`),
  ],
);

/**
 * Pieces of series on their way into `weather_columns` (models/weather.ts `stageColumns`): a column
 * larger than 1 MB is written here in pieces of at most 1 MB, a statement each, outside any
 * transaction, then joined into one staged `weather_columns` row, which the short transaction that
 * creates or updates the weather attaches. On the embedded database a transaction holds the only
 * connection: writing a one-minute year's ten 2 MB columns inside it stalled every other request
 * for seconds. Rows of an upload that never finished are removed after a day.
 */
export const weatherColumnUploads = pgTable(
  'weather_column_uploads',
  {
    token: uuid('token').notNull(),
    name: text('name').notNull(),
    /**
     * Order of this piece within its column (columns are written in pieces of at most 1 MB, then
     * joined into one row of part −1, the row that is copied into place).
     */
    part: integer('part').notNull(),
    dtype: text('dtype').notNull(),
    values: bytea('values').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('weather_column_uploads_token').on(t.token),
    index('weather_column_uploads_created').on(t.createdAt),
  ],
);

/*
 * Predictions and their power plants (spec 3 `Prediction`, `PVPlant`). The columns are what lists,
 * policies and the run queue filter on; every other input field of the prediction lives in `data`
 * (spec 3 names, non-null values only). The plant is one JSON document (blocks → arrays → inverters →
 * DC fields): a 300-block plant is read and written in one row.
 */
export const predictions = pgTable(
  'predictions',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastModifiedById: uuid('last_modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** PredictionStatusEnum: DraftPrivate 1 … Archived 9, StringSizing 10 */
    status: integer('status').notNull().default(1),
    /** ProcessingStatusEnum: None 0, Queued 1, Running 2, Success 3, Error 4, Cancelled 5 */
    processingStatus: integer('processing_status').notNull().default(0),
    percentComplete: doublePrecision('percent_complete').notNull().default(0),
    processingMessage: text('processing_message'),
    weatherId: integer('weather_id').references(() => weathers.id, { onDelete: 'no action' }),
    lastPublishedDateToQueue: timestamp('last_published_date_to_queue', { withTimezone: true }),
    runCompletedDate: timestamp('run_completed_date', { withTimezone: true }),
    /** Every other input field, spec 3 names (model choices, factors, site data, uncertainty, …). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('predictions_project').on(t.companyId, t.projectId),
    index('predictions_weather').on(t.weatherId),
  ],
);

/** Ids of the nodes of every plant (blocks, arrays, inverters, DC fields): unique across plants. */
export const plantNodeIds = pgSequence('plant_node_ids');

/** The power plant of a prediction: one per prediction, deleted with it. */
export const powerPlants = pgTable('power_plants', {
  predictionId: integer('prediction_id')
    .primaryKey()
    .references(() => predictions.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /**
   * The plant as stored: spec 3 names, non-null input values, every node with its id. `json`, not
   * `jsonb`: the document is read and written whole (never queried inside; plant_equipment indexes
   * what it uses), and json skips the binary conversion (a 1.6 MB plant is written ~3× faster).
   */
  data: json('data').$type<Record<string, unknown>>().notNull(),
  /** Plant totals for lists: DC [kW], AC [kW], blocks and DC fields counted with repeaters. */
  dcCapacityKw: doublePrecision('dc_capacity_kw').notNull().default(0),
  acCapacityKw: doublePrecision('ac_capacity_kw').notNull().default(0),
  /**
   * The blocks as listed (spec 3 `numOfBlocks`, without repeaters), written with every save: a
   * prediction read answers it without reading the plant document (issue 18).
   */
  blockCount: integer('block_count').notNull().default(0),
  ...timestamps,
});

/**
 * Which library modules and inverters a plant uses, kept with each save, so that a module or inverter
 * in use is not deleted and "where is it used" is one indexed query.
 */
export const plantEquipment = pgTable(
  'plant_equipment',
  {
    predictionId: integer('prediction_id')
      .notNull()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    /** 'module' or 'inverter' */
    kind: text('kind').notNull(),
    equipmentId: integer('equipment_id').notNull(),
  },
  (t) => [
    uniqueIndex('plant_equipment_pk').on(t.predictionId, t.kind, t.equipmentId),
    index('plant_equipment_item').on(t.kind, t.equipmentId),
  ],
);

/*
 * Runs of a prediction (spec 1 §4, spec 4 §1 Run): one row per `POST …/Run`, the queue item the user
 * sees, the job's progress and outcome, and, once it succeeded, the result summary. The case is kept
 * as it was when the run was asked for, so edits made while it waits or runs change nothing.
 */
export const predictionRuns = pgTable(
  'prediction_runs',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    predictionId: integer('prediction_id')
      .notNull()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the pg-boss job that runs it */
    jobId: text('job_id'),
    /** ProcessingStatusEnum: Queued 1, Running 2, Success 3, Error 4, Cancelled 5 */
    status: integer('status').notNull().default(1),
    percentComplete: doublePrecision('percent_complete').notNull().default(0),
    /** PredictionProcessingStep (spec 3) */
    processingStep: integer('processing_step').notNull().default(1),
    /** the reason of an error or a cancellation, or the warnings' count */
    message: text('message'),
    /** the engine case (spec 3 names, library records inlined), the weather and the export options */
    case: json('case').$type<Record<string, unknown>>().notNull(),
    weatherId: integer('weather_id').notNull(),
    exportOptions: json('export_options').$type<Record<string, unknown>>().notNull(),
    /** attempts started (a worker that died counts) and the process that runs the current one */
    attempts: integer('attempts').notNull().default(0),
    worker: text('worker'),
    /** spec 3 `PredictionResultSummary`, once successful */
    summary: json('summary').$type<Record<string, unknown>>(),
    /** what the series need to be read: step length, length, offset, capacities, years, warnings */
    details: json('details').$type<Record<string, unknown>>(),
    engineMs: doublePrecision('engine_ms'),
    /** hidden from the user's queue (DELETE /User/Queue/{id}) */
    dismissed: boolean('dismissed').notNull().default(false),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** renewed every few seconds by the worker running it: a stale one means the worker died */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('prediction_runs_prediction').on(t.predictionId, t.id),
    index('prediction_runs_user').on(t.userId, t.id),
    index('prediction_runs_company').on(t.companyId, t.status),
  ],
);

/**
 * The series of a successful run: one bytea of a Float64Array per quantity and node ('plant', or
 * 'block:1', 'array:1/2', 'inverter:1/2/A', 'dcField:1/2/A/3' by the nodes' names), the plant's
 * 'time' included. A year of plant series is one query on (run_id, node).
 */
export const predictionResultSeries = pgTable(
  'prediction_result_series',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => predictionRuns.id, { onDelete: 'cascade' }),
    node: text('node').notNull(),
    /** the column's order within its node */
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    values: bytea('values').notNull(),
  },
  (t) => [uniqueIndex('prediction_result_series_pk').on(t.runId, t.node, t.name)],
);

/**
 * Reports of a run (spec 4 §1 `GenerateReports`, `ReportURL/{type}`): one row per run and kind
 * (PlantSummary, InputsAssumptions: PDF; PlantSummary8760, BlockSummary8760: xlsx), written by the
 * `report.generate` job. A long operation with a state: 'Queued' → 'Running' → 'Success' | 'Error'.
 * The file's bytes travel as base64 decoded by the server (see models/weather.ts `stageColumns`).
 */
export const predictionReports = pgTable(
  'prediction_reports',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => predictionRuns.id, { onDelete: 'cascade' }),
    /** 'PlantSummary' | 'InputsAssumptions' | 'PlantSummary8760' | 'BlockSummary8760' */
    kind: text('kind').notNull(),
    /** 'Queued' | 'Running' | 'Success' | 'Error' */
    status: text('status').notNull().default('Queued'),
    /** the reason of an error */
    message: text('message'),
    contentType: text('content_type'),
    fileName: text('file_name'),
    bytes: bytea('bytes'),
    /** attempts started by a worker */
    attempts: integer('attempts').notNull().default(0),
    /** time to build the file [ms] */
    buildMs: doublePrecision('build_ms'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    updatedDate: timestamp('updated_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prediction_reports_run_kind').on(t.runId, t.kind)],
);

/**
 * Change counters of the whole-answer cache (lib/pageCache.ts, db/changeEpochs.ts; migration 0020):
 * one row per PostgreSQL backend that wrote (`backend` = its `pg_backend_pid()`, 0 for the folded
 * counts of backends that are gone). The statement trigger `change_epoch_advance` adds one to the
 * writer's row after every write statement on a watched table, in the writer's transaction; the sum
 * of `n` therefore grows exactly when a write to a watched table commits.
 */
export const changeEpochs = pgTable('change_epochs', {
  backend: integer('backend').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
