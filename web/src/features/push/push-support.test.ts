import { describe, expect, it } from "vitest";
import { applicationServerKey, PushTimeoutError, withTimeout } from "./push-support";

describe("push support", () => {
  it("turns the VAPID public key (base64url, unpadded) into its 65 raw bytes", () => {
    const raw = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const base64url = btoa(String.fromCharCode(...raw)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect([...applicationServerKey(base64url)]).toEqual([...raw]);
  });

  it("gives up on a subscription the browser's push service never answers", async () => {
    await expect(withTimeout(new Promise(() => undefined), 10)).rejects.toBeInstanceOf(PushTimeoutError);
    await expect(withTimeout(Promise.resolve("ok"), 1000)).resolves.toBe("ok");
  });
});
