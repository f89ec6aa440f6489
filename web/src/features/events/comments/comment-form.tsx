import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import type { KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { cn } from "@/lib/utils";
import { commentCounter, commentSchema, type CommentValues } from "./comment-schema";

type CommentFormProps = {
  label: string;
  submitLabel: string;
  initialBody?: string;
  /** Rejects with the database's error, which is then shown beside the field (the text stays). */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  /** Called on each keystroke (the live channel throttles what it sends). */
  onTyping?: () => void;
  autoFocus?: boolean;
  className?: string;
};

const TEXTAREA =
  "min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground aria-[invalid=true]:border-red-600 sm:text-sm";

/** A comment, reply or edit: 1–2,000 characters with a counter; Ctrl/⌘+Enter posts. */
export function CommentForm({ label, submitLabel, initialBody = "", onSubmit, onCancel, onTyping, autoFocus, className }: CommentFormProps) {
  const { t } = useLingui();
  const form = useForm<CommentValues>({ resolver: zodResolver(commentSchema), defaultValues: { body: initialBody } });
  const { errors, isSubmitting } = form.formState;
  const counter = commentCounter(form.watch("body") ?? "");

  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await onSubmit(body.trim());
      form.reset({ body: "" });
    } catch (error) {
      form.setError("body", { message: errorMessage(error) }, { shouldFocus: true });
    }
  });
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    } else if (e.key === "Escape" && onCancel) {
      onCancel();
    }
  };

  return (
    <form onSubmit={submit} noValidate className={cn("flex flex-col gap-2", className)}>
      <FormField
        label={label}
        error={errors.body?.message}
        hint={
          <span className={cn("tabular-nums", counter.over ? "font-medium text-red-700" : counter.near && "text-amber-800")}>
            {counter.text}
          </span>
        }
      >
        <textarea
          className={TEXTAREA}
          rows={3}
          autoFocus={autoFocus}
          onKeyDown={onKeyDown}
          {...form.register("body", { onChange: () => onTyping?.() })}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="text-current [&_svg]:size-4" label={t`Posting…`} />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
