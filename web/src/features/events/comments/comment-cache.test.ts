import { describe, expect, it } from "vitest";
import { applyCommentChange, countComments, removeComment, threadComments, upsertComment, type CommentChange } from "./comment-cache";
import type { EventComment } from "./comments-api";

const GRACE = { username: "grace", display_name: "Grace Hopper", avatar_path: null };
const ALAN = { username: "alan", display_name: "Alan Turing", avatar_path: null };

function comment(id: string, at: string, over: Partial<EventComment> = {}): EventComment {
  return {
    id, event_id: "e1", author_id: "u-grace", parent_id: null, body: `body ${id}`, created_at: `2030-01-01T10:${at}:00Z`,
    edited_at: null, deleted_at: null, hidden_at: null, author: GRACE, ...over,
  };
}
const row = (c: EventComment) => {
  const { author: _author, ...rest } = c;
  return rest;
};
const change = (eventType: CommentChange["eventType"], next: Partial<EventComment>, old: Partial<EventComment> = {}): CommentChange => ({
  eventType, new: next, old,
});

describe("upsertComment / removeComment", () => {
  it("inserts in time order and never twice", () => {
    const a = comment("a", "00");
    const c = comment("c", "20");
    const b = comment("b", "10");
    let list = upsertComment(upsertComment([a], c), b);
    expect(list.map((x) => x.id)).toEqual(["a", "b", "c"]);
    list = upsertComment(list, { ...b, body: "edited" });
    expect(list.map((x) => x.id)).toEqual(["a", "b", "c"]);
    expect(list[1]!.body).toBe("edited");
  });

  it("keeps the known author when the update has none", () => {
    const list = upsertComment([comment("a", "00")], { ...comment("a", "00"), author: null, body: "new" });
    expect(list[0]!.author).toEqual(GRACE);
  });

  it("removes by id and leaves the list alone when absent", () => {
    const list = [comment("a", "00")];
    expect(removeComment(list, "a")).toEqual([]);
    expect(removeComment(list, "zzz")).toBe(list);
  });
});

describe("applyCommentChange", () => {
  const a = comment("a", "00");

  it("adds an INSERT whose author it already knows", () => {
    const b = comment("b", "05", { body: "me again" });
    const result = applyCommentChange([a], change("INSERT", row(b)));
    expect(result.fetchId).toBeUndefined();
    expect(result.list.map((x) => [x.id, x.author?.display_name])).toEqual([["a", "Grace Hopper"], ["b", "Grace Hopper"]]);
  });

  it("asks to fetch an INSERT by an author it has not seen (the change has no profile)", () => {
    const b = comment("b", "05", { author_id: "u-alan", author: ALAN });
    const result = applyCommentChange([a], change("INSERT", row(b)));
    expect(result.fetchId).toBe("b");
    expect(result.list).toEqual([a]);
  });

  it("ignores the echo of our own insert (already in the cache)", () => {
    const result = applyCommentChange([a], change("INSERT", row(a)));
    expect(result.list).toEqual([a]);
    expect(result.fetchId).toBeUndefined();
  });

  it("merges an UPDATE (edit, delete, hide) and keeps the author", () => {
    const edited = applyCommentChange([a], change("UPDATE", { ...row(a), body: "better", edited_at: "2030-01-01T11:00:00Z" }));
    expect(edited.list[0]).toMatchObject({ body: "better", author: GRACE });
    const hidden = applyCommentChange(edited.list, change("UPDATE", { ...row(a), hidden_at: "2030-01-01T12:00:00Z" }));
    expect(hidden.list[0]!.hidden_at).toBe("2030-01-01T12:00:00Z");
  });

  it("adds an UPDATE for a comment it lacks, e.g. one a host restored", () => {
    const b = comment("b", "05");
    const result = applyCommentChange([a], change("UPDATE", row(b)));
    expect(result.list.map((x) => x.id)).toEqual(["a", "b"]);
  });

  it("removes on DELETE (RLS cuts the old record to its key)", () => {
    expect(applyCommentChange([a], change("DELETE", {}, { id: "a" })).list).toEqual([]);
  });

  it("ignores a change without an id", () => {
    const list = [a];
    expect(applyCommentChange(list, change("UPDATE", {})).list).toBe(list);
  });
});

describe("threadComments", () => {
  it("groups one level of replies under their comment, oldest first", () => {
    const list = [
      comment("a", "00"),
      comment("b", "01"),
      comment("r1", "02", { parent_id: "a" }),
      comment("r2", "03", { parent_id: "b" }),
      comment("r3", "04", { parent_id: "a" }),
    ];
    expect(threadComments(list).map((t) => [t.comment?.id, t.replies.map((r) => r.id)])).toEqual([
      ["a", ["r1", "r3"]],
      ["b", ["r2"]],
    ]);
  });

  it("keeps a deleted comment as a placeholder only while it has replies", () => {
    const list = [
      comment("a", "00", { deleted_at: "x", body: "" }),
      comment("r1", "01", { parent_id: "a" }),
      comment("b", "02", { deleted_at: "x", body: "" }),
      comment("c", "03"),
      comment("r2", "04", { parent_id: "c", deleted_at: "x", body: "" }),
    ];
    const threads = threadComments(list);
    expect(threads.map((t) => t.comment?.id)).toEqual(["a", "c"]);
    expect(threads[0]!.replies.map((r) => r.id)).toEqual(["r1"]);
    expect(threads[1]!.replies).toEqual([]);
  });

  it("keeps replies whose comment the viewer cannot see, under a placeholder", () => {
    const threads = threadComments([comment("a", "00"), comment("r1", "05", { parent_id: "hidden" })]);
    expect(threads.map((t) => [t.comment?.id ?? null, t.replies.map((r) => r.id)])).toEqual([
      ["a", []],
      [null, ["r1"]],
    ]);
  });
});

describe("countComments", () => {
  it("counts what is not deleted", () => {
    expect(countComments([comment("a", "00"), comment("b", "01", { deleted_at: "x" })])).toBe(1);
  });
});
