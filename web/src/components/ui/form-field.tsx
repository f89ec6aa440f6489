import type { ReactElement, ReactNode } from "react";
import { cloneElement, useId } from "react";
import { Label } from "./label";

type FormFieldProps = {
  label: string;
  /** The validation message, shown under the control and linked with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
};

/** Label + control + hint + error, wired together with ids for screen readers. */
export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
