import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { LazyLocationPicker } from "@/components/map/lazy-map";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { CATEGORIES, categoryLabel } from "@/lib/categories";
import { queryRoots } from "@/lib/query-keys";
import { removeGroupImage, saveGroupSettings, uploadGroupImage } from "../api/group-settings";
import type { ManagedGroup } from "../api/managed-group";
import { errorMessage } from "@/lib/errors";
import { validateSettings, type SettingsErrors, type SettingsValues } from "../settings-rules";
import { ImageField } from "./image-field";

const VISIBILITY = [
  { value: "public", label: msg({ message: "Public", comment: "A group's visibility" }), hint: msg`Anyone can see its members, events and announcements.` },
  { value: "private", label: msg({ message: "Private", comment: "A group's visibility" }), hint: msg`Its name and about are public; members, events and announcements are for members.` },
] as const;
const JOIN_POLICY = [
  { value: "open", label: msg`Anyone can join`, hint: msg`One click and they're in.` },
  { value: "approval", label: msg`Organizers approve each request`, hint: msg`People ask to join; you accept or decline.` },
] as const;

/** Every setting of the group, checked like the database, with the cover and logo uploaded on save. */
export function SettingsForm({ group }: { group: ManagedGroup }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SettingsValues>({
    name: group.name, about: group.about, category: group.category, city: group.city,
    lat: group.lat, lng: group.lng, visibility: group.visibility, join_policy: group.join_policy,
  });
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [cover, setCover] = useState<File | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const save = useMutation({
    mutationFn: async () => {
      const [coverPath, logoPath] = await Promise.all([
        cover ? uploadGroupImage(group.id, "cover", cover) : null,
        logo ? uploadGroupImage(group.id, "logo", logo) : null,
      ]);
      await saveGroupSettings(group.id, {
        ...values,
        name: values.name.trim(),
        city: values.city.trim(),
        lat: values.lat!,
        lng: values.lng!,
        ...(coverPath ? { cover_path: coverPath } : {}),
        ...(logoPath ? { logo_path: logoPath } : {}),
      });
      if (coverPath && group.cover_path) void removeGroupImage(group.cover_path);
      if (logoPath && group.logo_path) void removeGroupImage(group.logo_path);
    },
    onSuccess: async () => {
      setCover(null);
      setLogo(null);
      toast.success(t`Settings saved.`);
      await queryClient.invalidateQueries({ queryKey: queryRoots.groups });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateSettings(values);
    setErrors(found);
    if (Object.keys(found).length) return toast.error(t`Some fields need a look. The problems are shown beside them.`);
    save.mutate();
  };

  const slug = group.slug;
  const point = values.lat !== null && values.lng !== null ? { lat: values.lat, lng: values.lng } : null;
  return (
    <form noValidate onSubmit={submit} aria-label={t`Group settings`} className="flex max-w-3xl flex-col gap-5">
      <FormField label={t`Name`} error={errors.name} hint={t`3 to 80 characters. The address (/g/${slug}) stays the same.`}>
        <Input value={values.name} maxLength={100} onChange={(e) => set("name", e.target.value)} />
      </FormField>
      <FormField label={t`About`} error={errors.about} hint={t`Markdown, up to 20,000 characters.`}>
        <Textarea rows={8} value={values.about} onChange={(e) => set("about", e.target.value)} />
      </FormField>
      <FormField label={t`Category`}>
        <Select value={values.category} onChange={(e) => set("category", e.target.value as SettingsValues["category"])}>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t`Home city`} error={errors.city} hint={t`Shown on the group's page and used by "near me".`}>
        <Input value={values.city} maxLength={140} onChange={(e) => set("city", e.target.value)} />
      </FormField>
      <LazyLocationPicker
        value={point}
        onChange={(p) => setValues((v) => ({ ...v, lat: p?.lat ?? null, lng: p?.lng ?? null }))}
        label={t`Map of the group's home city: click to place the pin`}
      />
      {errors.location && <p className="text-sm font-medium text-red-700">{errors.location}</p>}
      <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
        <ImageField label={t`Cover`} path={group.cover_path} file={cover} onFile={setCover} shape="cover" uploading={save.isPending && cover !== null} />
        <ImageField label={t`Logo`} path={group.logo_path} file={logo} onFile={setLogo} shape="logo" uploading={save.isPending && logo !== null} />
      </div>
      <Choice legend={t`Who can see it`} name="visibility" options={VISIBILITY} value={values.visibility} onChange={(v) => set("visibility", v)} />
      <Choice legend={t`How people join`} name="join_policy" options={JOIN_POLICY} value={values.join_policy} onChange={(v) => set("join_policy", v)} />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save settings</Trans>}
      </Button>
    </form>
  );
}

type ChoiceProps<V extends string> = {
  legend: string;
  name: string;
  options: readonly { value: V; label: ReturnType<typeof msg>; hint: ReturnType<typeof msg> }[];
  value: V;
  onChange: (value: V) => void;
};

function Choice<V extends string>({ legend, name, options, value, onChange }: ChoiceProps<V>) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="flex items-start gap-2 text-sm">
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="mt-0.5 size-4 accent-brand-700" />
          <span>
            <span className="font-medium">{t(o.label)}</span>
            <span className="text-muted-foreground"> — {t(o.hint)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
