import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

afterEach(() => vi.unstubAllGlobals());

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("auth screens", () => {
  it("sign-up explains every invalid field beside it, in the backend's words", async () => {
    renderApp("/auth/sign-up");
    await screen.findByRole("heading", { level: 1, name: "Create your account" });
    type("Email", "not-an-email");
    type("Password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Password must be at least 8 characters.")).toBeDefined();
    expect(screen.getByText("Enter your name.")).toBeDefined();
    expect(screen.getByText(/Enter a valid email address/)).toBeDefined();
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-describedby")).toContain("error");
  });

  it("sign-up shows the check-your-email state when confirmation is needed", async () => {
    const { calls } = mockApi((url) =>
      url.pathname === "/auth/v1/signup"
        ? { body: { id: "u1", email: "new@example.com", aud: "authenticated", role: "", app_metadata: {}, user_metadata: {}, created_at: "" } }
        : undefined,
    );
    renderApp("/auth/sign-up");
    await screen.findByRole("heading", { level: 1, name: "Create your account" });
    type("Your name", "New Person");
    type("Email", "new@example.com");
    type("Password", "long enough");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Check your email")).toBeDefined();
    expect(screen.getByText("new@example.com")).toBeDefined();
    expect(calls.some((u) => u.pathname === "/auth/v1/signup")).toBe(true);
  });

  it("sign-in shows the server's error inline, in the product's words", async () => {
    mockApi((url) =>
      url.pathname === "/auth/v1/token"
        ? { status: 400, body: { code: "invalid_credentials", error_code: "invalid_credentials", msg: "Invalid login credentials" } }
        : undefined,
    );
    renderApp("/auth/sign-in");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    type("Email", "grace@example.com");
    type("Password", "wrong password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    expect((await screen.findByRole("alert")).textContent).toBe("That email and password don't match an account.");
  });

  it("sign-in switches to a magic link and shows check-your-email", async () => {
    mockApi((url) => (url.pathname === "/auth/v1/otp" ? { body: {} } : undefined));
    renderApp("/auth/sign-in");
    fireEvent.click(await screen.findByRole("button", { name: "Email me a sign-in link instead" }));
    type("Email", "grace@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));

    expect(await screen.findByText("Check your email")).toBeDefined();
  });

  it("forgot-password validates, then confirms the email was sent", async () => {
    mockApi((url) => (url.pathname === "/auth/v1/recover" ? { body: {} } : undefined));
    renderApp("/auth/forgot-password");
    await screen.findByRole("heading", { level: 1, name: "Forgot your password?" });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(/Enter a valid email address/)).toBeDefined();

    type("Email", "grace@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Check your email")).toBeDefined();
  });

  it("reset-password without a recovery session says the link expired", async () => {
    renderApp("/auth/reset-password");
    expect(await screen.findByText("This reset link has expired or was already used.")).toBeDefined();
  });
});
