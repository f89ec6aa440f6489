import { useLingui } from "@lingui/react/macro";
import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { categoryLabel } from "@/lib/categories";
import { CATEGORIES, type EventFormValues } from "../event-form-schema";
import { DescriptionField } from "./description-field";
import { EditorSection } from "./editor-section";

export function BasicsFields() {
  const { t } = useLingui();
  const { register, formState: { errors } } = useFormContext<EventFormValues>();
  return (
    <EditorSection title={t`Basics`}>
      <FormField label={t`Title`} error={errors.title?.message} hint={t`3 to 120 characters.`}>
        <Input autoComplete="off" maxLength={200} {...register("title")} />
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
      <DescriptionField />
    </EditorSection>
  );
}
