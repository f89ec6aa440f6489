import { t } from "@lingui/core/macro";
import * as z from "zod";
import { displayNameField, emailField, newPasswordPairSchema } from "@/lib/auth/account-fields";

// The same words as the database's rules (migrations 0200 and 1610; product.md §5), worded when
// a form is checked, in the language shown then.
export const usernameRule = () => t`A username is 3 to 30 characters: lowercase letters, digits and _.`;

export const profileSchema = z.object({
  displayName: displayNameField,
  username: z.string().trim().regex(/^[a-z0-9_]{3,30}$/, { error: usernameRule }),
  bio: z.string().max(300, { error: () => t`Your bio can be at most 300 characters.` }),
  homeCity: z.string().trim().max(120, { error: () => t`Keep the city name under 120 characters.` }),
  // Set only by choosing a place from the search; typing a city by hand clears them.
  homeLat: z.number().min(-90).max(90).nullable(),
  homeLng: z.number().min(-180).max(180).nullable(),
});

export const emailSchema = z.object({ email: emailField });

export const passwordSchema = newPasswordPairSchema;

export type ProfileValues = z.infer<typeof profileSchema>;
export type EmailValues = z.infer<typeof emailSchema>;
export type PasswordValues = z.infer<typeof passwordSchema>;

// Avatars: the bucket's own limits (migration 0900), checked before uploading.
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const avatarWrongType = () => t`Choose a JPEG, PNG or WebP image.`;
export const avatarTooBig = () => t`That image is larger than 2 MB. Choose a smaller one.`;

/** Why this file cannot be an avatar, or null when it can. */
export function avatarFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return avatarWrongType();
  if (file.size > AVATAR_MAX_BYTES) return avatarTooBig();
  return null;
}

/** True when what was typed is the username (the delete-account confirmation). */
export function confirmsUsername(typed: string, username: string): boolean {
  return typed.trim().toLowerCase() === username.toLowerCase();
}
