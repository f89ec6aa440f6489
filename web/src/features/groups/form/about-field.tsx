import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { LazyMarkdown } from "@/components/markdown/lazy-markdown";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/i18n/format";
import { GROUP_ABOUT_MAX, type GroupFormValues } from "./group-form-schema";

/** The about text in Markdown, with a preview rendered exactly as the group page will. */
export function AboutField() {
  const { t } = useLingui();
  const id = useId();
  const [preview, setPreview] = useState(false);
  const { register, control, formState: { errors } } = useFormContext<GroupFormValues>();
  const about = useWatch({ control, name: "about" }) ?? "";
  const error = errors.about?.message;
  const length = formatNumber(about.length);
  const max = formatNumber(GROUP_ABOUT_MAX);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-medium leading-none">
          <Trans>About the group</Trans>
        </label>
        <Button type="button" variant="ghost" size="sm" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? <Trans>Edit</Trans> : <Trans>Preview</Trans>}
        </Button>
      </div>
      <Textarea
        id={`${id}-text`}
        rows={8}
        className={preview ? "hidden" : "min-h-40"}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-count`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
        {...register("about")}
      />
      {preview && (
        <div className="min-h-40 rounded-md border border-border p-3">
          {about.trim() ? <LazyMarkdown source={about} headingOffset={2} /> : <p className="text-sm text-muted-foreground"><Trans>Nothing to preview yet.</Trans></p>}
        </div>
      )}
      <p id={`${id}-count`} className="text-sm text-muted-foreground">
        {t`Markdown: **bold**, _italic_, [links](https://example.com), lists. ${length} of ${max} characters.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
