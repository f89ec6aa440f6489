import { cn } from "@/lib/utils";
import { groupLogoImage } from "../api/group-media";

/** The group's logo, or its initial on the brand colour; decorative (the name is beside it). */
export function GroupLogo({ group, className }: { group: { name: string; logo_path: string | null }; className?: string }) {
  const base = cn("relative z-[1] inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-muted", className);
  if (group.logo_path) {
    const logo = groupLogoImage(group.logo_path);
    return <img src={logo.src} srcSet={logo.srcSet} alt="" width={96} height={96} loading="lazy" decoding="async" className={cn(base, "object-cover")} />;
  }
  return (
    <span aria-hidden="true" className={cn(base, "bg-brand-700 text-lg font-bold text-white")}>
      {group.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
