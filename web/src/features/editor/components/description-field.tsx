import { Trans, useLingui } from "@lingui/react/macro";
import { Tabs } from "radix-ui";
import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { LazyMarkdown } from "@/components/markdown/lazy-markdown";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/i18n/format";
import { supabaseUrl } from "@/lib/supabase";
import type { EventFormValues } from "../event-form-schema";

const MAX = 20_000;
const IMAGE_PREFIXES = [`${supabaseUrl}/storage/v1/object/public/event-covers/`];
const TAB = "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm";

/** Markdown with a Write / Preview switch; the preview renders exactly as the event page will. */
export function DescriptionField() {
  const { t } = useLingui();
  const id = useId();
  const { register, control, formState: { errors } } = useFormContext<EventFormValues>();
  const description = useWatch({ control, name: "description" }) ?? "";
  const error = errors.description?.message;
  const counterId = `${id}-count`;
  const length = formatNumber(description.length);
  const max = formatNumber(MAX);
  return (
    <div className="flex flex-col gap-2">
      <Tabs.Root defaultValue="write" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label htmlFor={`${id}-text`} className="text-sm font-medium leading-none">
            <Trans>Description</Trans>
          </label>
          <Tabs.List aria-label={t`Description: write or preview`} className="inline-flex rounded-lg bg-muted p-1">
            <Tabs.Trigger value="write" className={TAB}>
              <Trans>Write</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={TAB}>
              <Trans>Preview</Trans>
            </Tabs.Trigger>
          </Tabs.List>
        </div>
        <Tabs.Content value="write" forceMount className="data-[state=inactive]:hidden">
          <Textarea
            id={`${id}-text`}
            rows={8}
            className="min-h-40"
            aria-invalid={error ? true : undefined}
            aria-describedby={[counterId, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
            {...register("description")}
          />
        </Tabs.Content>
        <Tabs.Content value="preview" className="min-h-40 rounded-md border border-border p-3">
          {description.trim() ? (
            <LazyMarkdown source={description} headingOffset={2} imagePrefixes={IMAGE_PREFIXES} />
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>Nothing to preview yet.</Trans>
            </p>
          )}
        </Tabs.Content>
      </Tabs.Root>
      <p id={counterId} className="text-sm text-muted-foreground">
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
