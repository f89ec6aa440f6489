import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/i18n/format";
import type { MyProfile } from "@/lib/profile/my-profile";
import { ProfileSaveError } from "../api/profile-writes";
import { profileSchema, type ProfileValues } from "../settings-schemas";
import { HomeCityField } from "./home-city-field";

export function profileToValues(p: MyProfile): ProfileValues {
  return {
    displayName: p.display_name,
    username: p.username,
    bio: p.bio,
    homeCity: p.home_city ?? "",
    homeLat: p.home_lat,
    homeLng: p.home_lng,
  };
}

type ProfileFormProps = {
  profile: MyProfile;
  /** Saves; a ProfileSaveError puts the database's words beside its field. */
  onSave: (values: ProfileValues) => Promise<void>;
};

/** Name, username, bio and home city, validated with the database's own rules and words. */
export function ProfileForm({ profile, onSave }: ProfileFormProps) {
  const { t } = useLingui();
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: profileToValues(profile) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const bio = form.watch("bio");
  const homeCity = form.watch("homeCity");
  const located = form.watch("homeLat") !== null;
  const address = form.watch("username") || "…";
  const bioLength = formatNumber(bio.length);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      form.reset(values);
    } catch (e) {
      if (e instanceof ProfileSaveError && e.field) form.setError(e.field, { message: e.message }, { shouldFocus: true });
      else form.setError("root", { message: e instanceof Error ? e.message : t`Saving failed. Please try again.` });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label={t`Name`} error={errors.displayName?.message} hint={t`Shown on your profile, your events and your comments.`}>
        <Input autoComplete="name" {...form.register("displayName")} />
      </FormField>
      <FormField
        label={t`Username`}
        error={errors.username?.message}
        hint={t`Your profile's address: /u/${address}. Lowercase letters, digits and _.`}
      >
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register("username")} />
      </FormField>
      <FormField label={t`Bio`} error={errors.bio?.message} hint={t`${bioLength} of 300 characters.`}>
        <Textarea rows={4} {...form.register("bio")} />
      </FormField>
      <HomeCityField
        value={homeCity}
        located={located}
        error={errors.homeCity?.message}
        onType={(city) => {
          form.setValue("homeCity", city, { shouldDirty: true });
          form.setValue("homeLat", null, { shouldDirty: true });
          form.setValue("homeLng", null, { shouldDirty: true });
        }}
        onChoose={(place) => {
          form.setValue("homeCity", place.name, { shouldDirty: true, shouldValidate: true });
          form.setValue("homeLat", place.lat, { shouldDirty: true });
          form.setValue("homeLng", place.lng, { shouldDirty: true });
        }}
      />
      {errors.root?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.root.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? <Trans>Saving…</Trans> : <Trans>Save profile</Trans>}
        </Button>
      </div>
    </form>
  );
}
