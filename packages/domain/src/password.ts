/** Password strength rules (spec 1 §5) with their exact messages. */
export const PASSWORD_MESSAGES = {
  uppercase: 'One uppercase character',
  number: 'One number',
  special: 'Special Character',
  length: 'At least 8 characters',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** The unmet rules, in the order the sign-up form lists them; empty when the password is strong enough. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.length);
  if (!/[A-Z]/.test(password)) problems.push(PASSWORD_MESSAGES.uppercase);
  if (!/[0-9]/.test(password)) problems.push(PASSWORD_MESSAGES.number);
  if (!/[^A-Za-z0-9]/.test(password)) problems.push(PASSWORD_MESSAGES.special);
  return problems;
}
