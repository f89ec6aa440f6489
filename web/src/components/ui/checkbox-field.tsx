import { useId, type ComponentProps } from "react";

type CheckboxFieldProps = Omit<ComponentProps<"input">, "type"> & { label: string; hint?: string };

/** A native checkbox with its label and an optional hint. */
export function CheckboxField({ label, hint, ...props }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
        {...props}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium leading-none">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
