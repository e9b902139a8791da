/** Zod fields shared by the account routes, with the messages the forms show. */
import { passwordProblems } from '@sunfield/domain';
import { z } from 'zod';

export const MAX_PASSWORD_LENGTH = 256;

/** Trimmed, lower-cased, well-formed email. */
export const emailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

/** A trimmed, required text such as a name. */
export const requiredText = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** A new password: each unmet strength rule is one message (spec 1 §5). */
export const newPasswordField = z
  .string({ error: 'Password is required.' })
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`)
  .superRefine((password, ctx) => {
    for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
  });

/** A one-time code typed by the user; numbers are accepted as JSON numbers too. */
export const codeField = (label = 'Code') =>
  z
    .union([z.string(), z.number().int().nonnegative()], { error: `${label} is required.` })
    .transform((value) =>
      typeof value === 'number' ? String(value).padStart(6, '0') : value.replace(/\s+/g, ''),
    )
    .pipe(z.string().min(1, `${label} is required.`).max(16, `${label} is not valid.`));
