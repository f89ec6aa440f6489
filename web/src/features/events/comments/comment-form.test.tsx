import { fireEvent, screen, waitFor } from "@testing-library/react";
import { render } from "@/test/render";
import { describe, expect, it, vi } from "vitest";
import { CommentForm } from "./comment-form";
import { commentCounter, commentSchema } from "./comment-schema";

function renderForm(onSubmit = vi.fn(async () => {})) {
  const onTyping = vi.fn();
  render(<CommentForm label="Add a comment" submitLabel="Post comment" onSubmit={onSubmit} onTyping={onTyping} />);
  return { onSubmit, onTyping, box: screen.getByLabelText("Add a comment") as HTMLTextAreaElement };
}

describe("commentSchema", () => {
  it("accepts 1 to 2,000 characters after trimming, in the database's words", () => {
    expect(commentSchema.safeParse({ body: "hi" }).success).toBe(true);
    expect(commentSchema.safeParse({ body: "x".repeat(2000) }).success).toBe(true);
    for (const body of ["", "   \n ", "x".repeat(2001)]) {
      const result = commentSchema.safeParse({ body });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("A comment must be 1 to 2,000 characters long.");
    }
  });

  it("counts characters toward the limit", () => {
    expect(commentCounter("hello")).toEqual({ text: "5 / 2,000", over: false, near: false });
    expect(commentCounter("x".repeat(1850)).near).toBe(true);
    expect(commentCounter("x".repeat(2001))).toMatchObject({ text: "2,001 / 2,000", over: true });
  });
});

describe("CommentForm", () => {
  it("posts the trimmed text, then clears the box", async () => {
    const { onSubmit, onTyping, box } = renderForm();
    fireEvent.change(box, { target: { value: "  See you there!  " } });
    expect(onTyping).toHaveBeenCalled();
    expect(screen.getByText("14 / 2,000")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith("See you there!"));
    await waitFor(() => expect(box.value).toBe(""));
  });

  it("refuses an empty comment beside the field", async () => {
    const { onSubmit, box } = renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    expect(await screen.findByText("A comment must be 1 to 2,000 characters long.")).toBeDefined();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses more than 2,000 characters", async () => {
    const { onSubmit, box } = renderForm();
    fireEvent.change(box, { target: { value: "x".repeat(2001) } });
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    expect(await screen.findByText("A comment must be 1 to 2,000 characters long.")).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the database's message beside the field and keeps what was typed", async () => {
    const rateLimited = { code: "rate_limited", message: "You're doing that too often. Try again in a minute." };
    const { box } = renderForm(vi.fn(async () => Promise.reject(rateLimited)));
    fireEvent.change(box, { target: { value: "one more" } });
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    expect(await screen.findByText("You're doing that too often. Try again in a minute.")).toBeDefined();
    expect(box.value).toBe("one more");
  });

  it("posts with Ctrl+Enter", async () => {
    const { onSubmit, box } = renderForm();
    fireEvent.change(box, { target: { value: "quick one" } });
    fireEvent.keyDown(box, { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith("quick one"));
  });
});
