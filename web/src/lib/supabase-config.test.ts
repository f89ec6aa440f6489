import { describe, expect, it } from "vitest";
import { supabase } from "./supabase";
import { publicFileUrl } from "./supabase-config";

describe("publicFileUrl", () => {
  it("builds the same URL as storage-js without loading it", () => {
    for (const path of ["u1/avatar.png", "/u1/a b.png", "seed/food-1.png", "e/ünïcode #1.webp"]) {
      expect(publicFileUrl("avatars", path)).toBe(supabase.storage.from("avatars").getPublicUrl(path).data.publicUrl);
    }
  });
});
