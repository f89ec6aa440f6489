import { useLingui } from "@lingui/react/macro";
import { endsInPunctuation } from "@/lib/event-questions";

/**
 * A registration question as the term before its answer in a guest list or an order:
 * "Which pace group?" as the host wrote it, "T-shirt size:" with the language's colon.
 */
export function AnswerTerm({ label }: { label: string }) {
  const { t } = useLingui();
  if (endsInPunctuation(label)) return <>{label}</>;
  return <>{t({ message: `${label}:`, comment: "A registration question before its answer" })}</>;
}
