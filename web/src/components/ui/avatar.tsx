import { useLingui } from "@lingui/react/macro";
import { avatarImage } from "@/lib/images";
import { cn } from "@/lib/utils";

type AvatarProps = {
  /** Null for a deleted account ("Former member"). */
  person: { display_name: string; avatar_path?: string | null } | null;
  /** A picture to show instead of the stored one (the upload preview). */
  src?: string;
  /** Size it (and its initials) with classes; 36 px with small initials by default. */
  className?: string;
  /** The CSS pixels the classes draw it at (36 for the default size-9): the picture is fetched at 1× and 2× of it. */
  px?: number;
  /** Decorative when the name is written next to it (the default); otherwise the name is its alt text. */
  labelled?: boolean;
  /** "eager" for a picture at the top of the page (the header, a profile's own). */
  loading?: "lazy" | "eager";
};

// Dark enough for white initials at WCAG AA (all ≥ 4.5:1 against #fff).
const COLOURS = ["bg-brand-700", "bg-emerald-800", "bg-rose-700", "bg-amber-800", "bg-sky-800", "bg-violet-700", "bg-teal-800", "bg-zinc-700"];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}

/** The same colour for a name everywhere (header, comments, who's going). */
function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

/** A member's picture, or their initials on a colour of their own. */
export function Avatar({ person, src, className, px = 36, labelled = false, loading = "lazy" }: AvatarProps) {
  const { t } = useLingui();
  const name = person?.display_name ?? t`Former member`;
  const base = cn("inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full text-xs font-semibold", className);
  const picture = src ? { src } : person?.avatar_path ? avatarImage(person.avatar_path, px) : null;
  if (picture) {
    return (
      <img
        {...picture}
        alt={labelled ? name : ""}
        loading={loading}
        decoding="async"
        className={cn(base, "bg-muted object-cover")}
      />
    );
  }
  return (
    <span
      className={cn(base, "text-white", colourFor(name))}
      {...(labelled ? { role: "img", "aria-label": name } : { "aria-hidden": true })}
    >
      {initials(name)}
    </span>
  );
}
