import { t } from "@lingui/core/macro";
import * as z from "zod";
import { displayNameField, emailField as email, newPasswordField, newPasswordPairSchema } from "@/lib/auth/account-fields";

export const signInSchema = z.object({ email, password: z.string().min(1, { error: () => t`Enter your password.` }) });
export const magicLinkSchema = z.object({ email });
export const forgotPasswordSchema = z.object({ email });

export const signUpSchema = z.object({
  displayName: displayNameField,
  email,
  password: newPasswordField,
});

/** Sign-up by phone: the number is checked apart, by the phone field (E.164 for its country). */
export const phoneSignUpSchema = z.object({ displayName: displayNameField, password: newPasswordField });

export const resetPasswordSchema = newPasswordPairSchema;

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;
export type PhoneSignUpValues = z.infer<typeof phoneSignUpSchema>;
export type EmailValues = z.infer<typeof magicLinkSchema>;
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Where an emailed link should land, on this site (any port on loopback is allowed). */
export function redirectUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
