import { cn } from "@/lib/utils";

// Tailwind has no typography plugin here; these give rendered Markdown readable defaults.
export const PROSE = cn(
  "break-words leading-relaxed [&>*+*]:mt-3",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900",
  "[&_h2]:text-xl [&_h3]:text-lg [&_h4]:text-base [&_h5]:text-base [&_h6]:text-sm [&_:is(h2,h3,h4,h5,h6)]:font-semibold",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_:is(ul,ol)]:ps-6 [&_li+li]:mt-1",
  "[&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-4 [&_blockquote]:text-muted-foreground",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_hr]:border-border [&_img]:max-w-full [&_img]:rounded-md",
  "[&_table]:block [&_table]:overflow-x-auto [&_:is(th,td)]:border [&_:is(th,td)]:border-border [&_:is(th,td)]:px-2 [&_:is(th,td)]:py-1",
);
