import { t } from "@lingui/core/macro";
import * as z from "zod";

// Account rules shared by signing up, resetting a password and /settings, in the same words as
// the backend's (product.md §5; migrations 0200 and 1610), so every form says the same thing.
// Messages are functions: they are worded when a form is checked, in the language shown then.

export const emailField = z.email({ error: () => t`Enter a valid email address, like name@example.com.` });

export const newPasswordField = z.string().min(8, { error: () => t`Password must be at least 8 characters.` });

export const displayNameField = z
  .string()
  .trim()
  .min(1, { error: () => t`Enter your name.` })
  .max(60, { error: () => t`Your name can be at most 60 characters.` });

/** A new password typed twice. */
export const newPasswordPairSchema = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { error: () => t`The passwords don't match.`, path: ["confirm"] });
