/** Query keys of the manage-accounts page. */
export const accountKeys = {
  companies: ['manageAccounts', 'companies'] as const,
  codes: ['manageAccounts', 'codes'] as const,
};

/** An ISO instant as the yyyy-mm-dd of a date input (UTC), '' for none. */
export const dateInputValue = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '');

/** A date input's yyyy-mm-dd as the end of that day in UTC, null for none. */
export const isoFromDateInput = (value: string): string | null =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.000Z` : null;
