import { fireEvent, screen, waitFor } from "@testing-library/react";
import { render } from "@/test/render";
import { describe, expect, it, vi } from "vitest";
import type { MyProfile } from "@/lib/profile/my-profile";
import { ProfileSaveError } from "./api/profile-writes";
import { uploadProblem } from "./api/upload-avatar";
import { EmailForm } from "./components/email-form";
import { PasswordForm } from "./components/password-form";
import { ProfileForm } from "./components/profile-form";
import {
  avatarFileProblem,
  confirmsUsername,
  passwordSchema,
  profileSchema,
  usernameRule,
} from "./settings-schemas";

const grace: MyProfile = {
  id: "u1",
  username: "grace",
  display_name: "Grace Hopper",
  avatar_path: null,
  bio: "Compilers.",
  home_city: "New York",
  home_lat: 40.7,
  home_lng: -74,
  locale: null,
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith("-error"))?.textContent;
};

describe("settings rules (the database's words)", () => {
  it("checks profile fields like the database does", () => {
    const valid = { displayName: "Grace", username: "grace_h", bio: "", homeCity: "", homeLat: null, homeLng: null };
    expect(profileSchema.safeParse(valid).success).toBe(true);
    const messages = (v: object) => profileSchema.safeParse({ ...valid, ...v }).error?.issues.map((i) => i.message);
    expect(messages({ username: "Grace" })).toEqual([usernameRule()]);
    expect(messages({ username: "gh" })).toEqual([usernameRule()]);
    expect(messages({ username: "g".repeat(31) })).toEqual([usernameRule()]);
    expect(messages({ displayName: "   " })).toEqual(["Enter your name."]);
    expect(messages({ displayName: "x".repeat(61) })).toEqual(["Your name can be at most 60 characters."]);
    expect(messages({ bio: "x".repeat(301) })).toEqual(["Your bio can be at most 300 characters."]);
    expect(profileSchema.parse({ ...valid, displayName: "  Grace  " }).displayName).toBe("Grace");
  });

  it("checks passwords and avatar files, and the delete confirmation", () => {
    expect(passwordSchema.safeParse({ password: "short", confirm: "short" }).error?.issues[0]?.message).toBe(
      "Password must be at least 8 characters.",
    );
    expect(passwordSchema.safeParse({ password: "long enough", confirm: "long enuff" }).error?.issues[0]?.message).toBe(
      "The passwords don't match.",
    );
    expect(avatarFileProblem({ type: "image/png", size: 2 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ type: "image/png", size: 2 * 1024 * 1024 + 1 })).toBe("That image is larger than 2 MB. Choose a smaller one.");
    expect(avatarFileProblem({ type: "image/gif", size: 10 })).toBe("Choose a JPEG, PNG or WebP image.");
    expect(confirmsUsername(" Grace ", "grace")).toBe(true);
    expect(confirmsUsername("grac", "grace")).toBe(false);
  });

  it("puts a storage refusal in the product's words", () => {
    expect(uploadProblem(400, JSON.stringify({ statusCode: "413", error: "Payload too large", message: "The object exceeded the maximum allowed size" }))).toBe(
      "That image is larger than 2 MB. Choose a smaller one.",
    );
    expect(uploadProblem(400, JSON.stringify({ statusCode: "415", error: "invalid_mime_type", message: "mime type image/gif is not supported" }))).toBe(
      "Choose a JPEG, PNG or WebP image.",
    );
    expect(uploadProblem(400, JSON.stringify({ statusCode: "403", error: "Unauthorized", message: "new row violates row-level security policy" }))).toBe(
      "You can only change your own photo.",
    );
  });
});

describe("profile form", () => {
  it("shows every invalid field beside it and does not save", async () => {
    const onSave = vi.fn();
    render(<ProfileForm profile={grace} onSave={onSave} />);
    type("Name", "");
    type("Username", "Grace Hopper");
    type("Bio", "x".repeat(301));
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() => expect(errorOf("Name")).toBe("Enter your name."));
    expect(errorOf("Username")).toBe(usernameRule());
    expect(errorOf("Bio")).toBe("Your bio can be at most 300 characters.");
    expect(screen.getByLabelText("Username").getAttribute("aria-invalid")).toBe("true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the database's message beside the username when it is taken", async () => {
    const onSave = vi.fn().mockRejectedValue(new ProfileSaveError("That username is taken. Try another.", "username"));
    render(<ProfileForm profile={grace} onSave={onSave} />);
    type("Username", "ada");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() => expect(errorOf("Username")).toBe("That username is taken. Try another."));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ username: "ada", displayName: "Grace Hopper" }));
  });

  it("saves trimmed values, and typing a city by hand forgets its coordinates", async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<ProfileForm profile={grace} onSave={onSave} />);
    type("Name", "  Grace B. Hopper ");
    type("Home city", "Arlington");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({
      displayName: "Grace B. Hopper",
      username: "grace",
      bio: "Compilers.",
      homeCity: "Arlington",
      homeLat: null,
      homeLng: null,
    });
  });
});

describe("password and email forms", () => {
  it("password: too short, then not matching", async () => {
    render(<PasswordForm />);
    type("New password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(errorOf("New password")).toBe("Password must be at least 8 characters."));

    type("New password", "long enough");
    type("Repeat the new password", "long enuff");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(errorOf("Repeat the new password")).toBe("The passwords don't match."));
  });

  it("email: must be an address, and a new one", async () => {
    render(<EmailForm current="grace@example.com" />);
    type("New email address", "grace@");
    fireEvent.click(screen.getByRole("button", { name: "Change email" }));
    await waitFor(() => expect(errorOf("New email address")).toBe("Enter a valid email address, like name@example.com."));

    type("New email address", "Grace@Example.com");
    fireEvent.click(screen.getByRole("button", { name: "Change email" }));
    await waitFor(() => expect(errorOf("New email address")).toBe("That is already your email address."));
  });
});
