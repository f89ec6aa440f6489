import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { CATEGORIES, type EventFormValues } from "../event-form-schema";
import { DescriptionField } from "./description-field";
import { EditorSection } from "./editor-section";

const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = {
  arts: "Arts", books: "Books", career: "Career", community: "Community", food: "Food", games: "Games",
  health: "Health", music: "Music", outdoors: "Outdoors", tech: "Tech", other: "Other",
};

export function BasicsFields() {
  const { register, formState: { errors } } = useFormContext<EventFormValues>();
  return (
    <EditorSection title="Basics">
      <FormField label="Title" error={errors.title?.message} hint="3 to 120 characters.">
        <Input autoComplete="off" maxLength={200} {...register("title")} />
      </FormField>
      <FormField label="Category" error={errors.category?.message}>
        <Select {...register("category")}>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </Select>
      </FormField>
      <DescriptionField />
    </EditorSection>
  );
}
