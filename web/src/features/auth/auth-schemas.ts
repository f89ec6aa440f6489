import * as z from "zod";

// The same words as the backend's rules (product.md §5: password at least 8 characters).
const email = z.email("Enter a valid email address, like name@example.com.");
const newPassword = z.string().min(8, "Password must be at least 8 characters.");

export const signInSchema = z.object({ email, password: z.string().min(1, "Enter your password.") });
export const magicLinkSchema = z.object({ email });
export const forgotPasswordSchema = z.object({ email });

export const signUpSchema = z.object({
  displayName: z.string().trim().min(1, "Enter your name.").max(60, "Your name can be at most 60 characters."),
  email,
  password: newPassword,
});

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "The passwords don't match.", path: ["confirm"] });

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;
export type EmailValues = z.infer<typeof magicLinkSchema>;
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Where an emailed link should land, on this site (any port on loopback is allowed). */
export function redirectUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
