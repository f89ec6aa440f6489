// Registration answers in the host's guest list and CSV (decision 0130): one column per question,
// the event's current questions in their order, then answers to questions since removed (each
// answer keeps the words it was given under, so a changed or deleted question stays readable).

export type AnswerValue = string | number | boolean | string[];

export type QuestionRow = { id: string; position: number; label: string };
export type AnswerRow = { user_id: string; question_id: string | null; position: number; label: string; value: AnswerValue };

/** One column of answers: a current question, or a removed one (by its old words). */
export type AnswerColumn = { key: string; label: string; removed: boolean };

export type AnswerTable = {
  columns: AnswerColumn[];
  /** user id → column key → the answer. */
  byUser: Map<string, Record<string, AnswerValue>>;
};

function columnKey(a: Pick<AnswerRow, "question_id" | "label">): string {
  return a.question_id ?? `removed:${a.label}`;
}

export function answerTable(questions: QuestionRow[], answers: AnswerRow[]): AnswerTable {
  const columns: AnswerColumn[] = [...questions]
    .sort((a, b) => a.position - b.position)
    .map((q) => ({ key: q.id, label: q.label, removed: false }));
  const known = new Set(columns.map((c) => c.key));
  const removed = answers
    .filter((a) => !known.has(columnKey(a)))
    .sort((a, b) => a.position - b.position);
  for (const a of removed) {
    const key = columnKey(a);
    if (!known.has(key)) {
      known.add(key);
      columns.push({ key, label: a.label, removed: true });
    }
  }
  const byUser = new Map<string, Record<string, AnswerValue>>();
  for (const a of answers) {
    const row = byUser.get(a.user_id) ?? {};
    row[columnKey(a)] = a.value;
    byUser.set(a.user_id, row);
  }
  return { columns, byUser };
}

/** An answer as text: options joined with commas, a ticked box as `yes`. */
export function answerText(value: AnswerValue | undefined, yes: string): string | number {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (value === true) return yes;
  return value === false ? "" : value;
}
