import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { CATEGORIES, categoryLabel, type EventCategory } from "@/lib/categories";
import { publicFileUrl } from "@/lib/supabase-config";
import type { GroupDetail } from "../api/get-group";
import { createGroup, removeGroupMedia, updateGroup, type GroupSettings } from "../api/group-writes";
import { useImageUpload } from "../hooks/use-image-upload";
import { AboutField } from "./about-field";
import { CityFields } from "./city-fields";
import { GROUP_NAME_MAX, groupFormSchema, groupSaveProblem, type GroupFormValues } from "./group-form-schema";
import { ImageField } from "./image-field";

/** The fields of a stored group the form starts from (a GroupDetail, or the manage area's group). */
type StoredGroup = Pick<GroupDetail, "id" | "name" | "about" | "category" | "city" | "lat" | "lng" | "visibility" | "join_policy" | "cover_path" | "logo_path">;

/** A group's settings as the form edits them. */
export function groupToFormValues(g: StoredGroup): GroupFormValues {
  return {
    name: g.name, about: g.about, category: g.category, city: g.city, lat: String(g.lat), lng: String(g.lng),
    visibility: g.visibility, joinPolicy: g.join_policy,
  };
}

function toSettings(v: GroupFormValues): GroupSettings {
  return {
    name: v.name.trim(), about: v.about, category: v.category as EventCategory, city: v.city.trim(),
    lat: Number(v.lat), lng: Number(v.lng), visibility: v.visibility, join_policy: v.joinPolicy,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

type GroupFormProps = {
  initial: GroupFormValues;
  /** The group being edited; none for a new one (created on the first save). */
  group?: StoredGroup | null;
  submitLabel: string;
  /** After the settings and any new pictures are saved. */
  onSaved: (group: GroupDetail) => void;
};

/**
 * Create or edit a group: validated with the database's own limits and words (decision 0106),
 * pictures previewed at once and uploaded after the row exists (its id names their folder),
 * database errors shown beside their field. Used by /groups/new and the manage area's Settings tab.
 */
export function GroupForm({ initial, group, submitLabel, onSaved }: GroupFormProps) {
  const { t } = useLingui();
  const form = useForm<GroupFormValues>({ defaultValues: initial, resolver: zodResolver(groupFormSchema) });
  const cover = useImageUpload("cover");
  const logo = useImageUpload("logo");
  // A group created by an earlier attempt whose upload then failed: the next save updates it.
  const [saved, setSaved] = useState<StoredGroup | null>(group ?? null);
  const [media, setMedia] = useState({ cover_path: group?.cover_path ?? null, logo_path: group?.logo_path ?? null });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { register, formState: { errors } } = form;

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setProblem(null);
    try {
      const settings = { ...toSettings(values), ...media };
      const row = saved ? await updateGroup(saved.id, settings) : await createGroup(settings);
      setSaved(row);
      const [coverPath, logoPath] = await Promise.all([cover.upload(row.id), logo.upload(row.id)]);
      const failed = (cover.state.status !== "idle" && !coverPath) || (logo.state.status !== "idle" && !logoPath);
      const patch = { ...(coverPath ? { cover_path: coverPath } : {}), ...(logoPath ? { logo_path: logoPath } : {}) };
      const final = Object.keys(patch).length ? await updateGroup(row.id, patch) : row;
      setSaved(final);
      // Replaced pictures are no longer shown anywhere (each upload has a new name).
      const replaced = [coverPath && row.cover_path, logoPath && row.logo_path].filter((p): p is string => !!p);
      if (replaced.length) void removeGroupMedia(replaced);
      setMedia({ cover_path: final.cover_path, logo_path: final.logo_path });
      if (failed) {
        setProblem(t`The group is saved, but a picture didn't upload. Retry, or remove it and save.`);
        return;
      }
      onSaved(final);
    } catch (error) {
      const { message, field } = groupSaveProblem(error);
      if (field) form.setError(field, { type: "server", message }, { shouldFocus: true });
      else setProblem(message);
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6">
        <Section title={t`The basics`}>
          <FormField label={t`Name`} error={errors.name?.message} hint={t`3 to 80 characters. The group's address comes from it.`}>
            <Input autoComplete="off" maxLength={GROUP_NAME_MAX} {...register("name")} />
          </FormField>
          <FormField label={t`Category`} error={errors.category?.message}>
            <Select {...register("category")}>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </Select>
          </FormField>
          <AboutField />
        </Section>
        <Section title={t`Home city`}>
          <CityFields />
        </Section>
        <Section title={t`Pictures`}>
          <ImageField
            kind="cover"
            upload={cover}
            currentUrl={media.cover_path ? publicFileUrl("group-media", media.cover_path) : null}
            onRemoveCurrent={() => setMedia((m) => ({ ...m, cover_path: null }))}
          />
          <ImageField
            kind="logo"
            upload={logo}
            currentUrl={media.logo_path ? publicFileUrl("group-media", media.logo_path) : null}
            onRemoveCurrent={() => setMedia((m) => ({ ...m, logo_path: null }))}
          />
        </Section>
        <Section title={t`Who can see and join`}>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">
              <Trans>Visibility</Trans>
            </legend>
            <label className="flex items-start gap-3 text-sm">
              <input type="radio" value="public" className="mt-0.5 size-4 accent-brand-700" {...register("visibility")} />
              <span>
                <strong className="font-medium">
                  <Trans>Public</Trans>
                </strong>
                <span className="block text-muted-foreground">
                  <Trans>Anyone can see its events, members and announcements.</Trans>
                </span>
              </span>
            </label>
            <label className="flex items-start gap-3 text-sm">
              <input type="radio" value="private" className="mt-0.5 size-4 accent-brand-700" {...register("visibility")} />
              <span>
                <strong className="font-medium">
                  <Trans>Private</Trans>
                </strong>
                <span className="block text-muted-foreground">
                  <Trans>Its name, about and city are public; events, members and announcements are for members only.</Trans>
                </span>
              </span>
            </label>
          </fieldset>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">
              <Trans>Joining</Trans>
            </legend>
            <label className="flex items-start gap-3 text-sm">
              <input type="radio" value="open" className="mt-0.5 size-4 accent-brand-700" {...register("joinPolicy")} />
              <span>
                <strong className="font-medium">
                  <Trans>Open</Trans>
                </strong>
                <span className="block text-muted-foreground">
                  <Trans>Anyone can join in one click.</Trans>
                </span>
              </span>
            </label>
            <label className="flex items-start gap-3 text-sm">
              <input type="radio" value="approval" className="mt-0.5 size-4 accent-brand-700" {...register("joinPolicy")} />
              <span>
                <strong className="font-medium">
                  <Trans>By approval</Trans>
                </strong>
                <span className="block text-muted-foreground">
                  <Trans>People ask to join; organizers accept or decline.</Trans>
                </span>
              </span>
            </label>
          </fieldset>
        </Section>
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? <Trans>Saving…</Trans> : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
