/**
 * Enumerations of companies, users and their settings (spec 1 §1, §3, §6; spec 3 enum catalog).
 * Ids that spec 1 lists without numbers (company type, roles, weather vendors, unit systems) are
 * numbered from 0 in the order spec 1 lists them.
 */
import type { DefinitionSpec } from './types.ts';

export const SubscriptionTypeEnum = {
  type: 'SubscriptionTypeEnum',
  aliases: ['SubscriptionType'],
  values: [
    { id: 0, name: 'Free' },
    { id: 1, name: 'Premium', label: 'Individual' },
    { id: 2, name: 'Professional' },
    { id: 3, name: 'Enterprise' },
    { id: 4, name: 'Education' },
    { id: 5, name: 'Strategic', label: 'Enterprise' },
    { id: 6, name: 'FreeTrial', label: 'Free Trial' },
    { id: 7, name: 'Business' },
  ],
} as const satisfies DefinitionSpec;

export const BillingPeriodEnum = {
  type: 'BillingPeriodEnum',
  aliases: ['BillingPeriod'],
  values: [
    { id: 0, name: 'Monthly' },
    { id: 1, name: 'Annual' },
  ],
} as const satisfies DefinitionSpec;

export const CompanyTypeEnum = {
  type: 'CompanyTypeEnum',
  aliases: ['CompanyType'],
  values: [
    { id: 0, name: 'Other' },
    { id: 1, name: 'EPC' },
    { id: 2, name: 'Utility' },
    { id: 3, name: 'Developer' },
    { id: 4, name: 'Education' },
    { id: 5, name: 'Vendor' },
    { id: 6, name: 'IndependentEngineer', label: 'Independent Engineer' },
    { id: 7, name: 'Individual' },
  ],
} as const satisfies DefinitionSpec;

/** Spec 1: company or user status is Disabled 0, Active 1, Pending 2. */
export const CompanyStatusEnum = {
  type: 'CompanyStatusEnum',
  aliases: ['CompanyStatus'],
  values: [
    { id: 0, name: 'Disabled' },
    { id: 1, name: 'Active' },
    { id: 2, name: 'Pending' },
  ],
} as const satisfies DefinitionSpec;

/** Spec 1's three statuses plus Archived 3 of the spec 3 catalog. */
export const UserStatusEnum = {
  type: 'UserStatusEnum',
  aliases: ['UserStatus'],
  values: [
    { id: 0, name: 'Disabled' },
    { id: 1, name: 'Active' },
    { id: 2, name: 'Pending' },
    { id: 3, name: 'Archived' },
  ],
} as const satisfies DefinitionSpec;

/** Role names of spec 1 §6; roles travel by name (`ROLE` in roles.ts), the ids only order them. */
export const RoleEnum = {
  type: 'RoleEnum',
  aliases: ['UserRole', 'Role'],
  values: [
    { id: 0, name: 'User' },
    { id: 1, name: 'Admin' },
    {
      id: 2,
      name: 'FSLRAdmin',
      label: 'Super Admin',
      aliases: ['SUPER_ADMIN', 'SuperAdmin'],
      key: 'SuperAdmin',
    },
    { id: 3, name: 'Manager' },
    { id: 4, name: 'ITAdmin', label: 'IT Admin' },
  ],
} as const satisfies DefinitionSpec;

export const UnitSystemEnum = {
  type: 'UnitSystemEnum',
  aliases: ['UnitSystem', 'UnitOfMeasure'],
  values: [
    { id: 0, name: 'Metric' },
    { id: 1, name: 'Imperial' },
  ],
} as const satisfies DefinitionSpec;

/** Global and page notifications (spec 1 §2 shared pieces). */
export const NotificationTypeEnum = {
  type: 'NotificationTypeEnum',
  aliases: ['NotificationType'],
  values: [
    { id: 0, name: 'Announcement' },
    { id: 1, name: 'Warning' },
    { id: 2, name: 'Error' },
  ],
} as const satisfies DefinitionSpec;

/** The three weather vendors with company credentials (spec 2 §7.11). */
export const WeatherVendorEnum = {
  type: 'WeatherVendorEnum',
  aliases: ['WeatherVendor'],
  values: [
    { id: 0, name: 'CleanPowerResearch', label: 'Clean Power Research' },
    { id: 1, name: 'SolarGIS' },
    { id: 2, name: 'Meteonorm' },
  ],
} as const satisfies DefinitionSpec;

export const MessageType = {
  type: 'MessageType',
  values: [
    { id: 1, name: 'Error' },
    { id: 2, name: 'Warning' },
    { id: 3, name: 'Info' },
    { id: 4, name: 'Debug' },
  ],
} as const satisfies DefinitionSpec;

export const MessageTypeEnum = {
  type: 'MessageTypeEnum',
  values: [
    { id: 0, name: 'Prediction' },
    { id: 1, name: 'Report' },
  ],
} as const satisfies DefinitionSpec;

/** The `Type` of the x-message header entries (spec 2 §7.1). */
export const ResponseMessageType = {
  type: 'ResponseMessageType',
  values: [
    { id: 0, name: 'Info' },
    { id: 1, name: 'Warning' },
    { id: 2, name: 'Error' },
  ],
} as const satisfies DefinitionSpec;

export const RevenueType = {
  type: 'RevenueType',
  values: [
    { id: 0, name: 'PPA' },
    { id: 1, name: 'Merchant' },
  ],
} as const satisfies DefinitionSpec;

export const ACCOUNT_DEFINITIONS = [
  SubscriptionTypeEnum,
  BillingPeriodEnum,
  CompanyTypeEnum,
  CompanyStatusEnum,
  UserStatusEnum,
  RoleEnum,
  UnitSystemEnum,
  NotificationTypeEnum,
  WeatherVendorEnum,
  MessageType,
  MessageTypeEnum,
  ResponseMessageType,
  RevenueType,
] as const;
