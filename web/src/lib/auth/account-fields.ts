import * as z from "zod";

// Account rules shared by signing up, resetting a password and /settings, in the same words as
// the backend's (product.md §5; migrations 0200 and 1610), so every form says the same thing.

export const emailField = z.email("Enter a valid email address, like name@example.com.");

export const newPasswordField = z.string().min(8, "Password must be at least 8 characters.");

export const displayNameField = z.string().trim().min(1, "Enter your name.").max(60, "Your name can be at most 60 characters.");

/** A new password typed twice. */
export const newPasswordPairSchema = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "The passwords don't match.", path: ["confirm"] });
