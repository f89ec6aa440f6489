import { publicFileUrl } from "@/lib/supabase";

/** A group's logo, or its first letter on the brand colour; decorative (the name is beside it). */
export function GroupLogo({ name, path, className = "size-10" }: { name: string; path: string | null; className?: string }) {
  if (path) {
    return <img src={publicFileUrl("group-media", path)} alt="" loading="lazy" className={`${className} shrink-0 rounded-lg bg-muted object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${className} inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-700 font-semibold text-white`}>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
