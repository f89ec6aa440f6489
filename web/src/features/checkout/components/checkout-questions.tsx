import { Trans, useLingui } from "@lingui/react/macro";
import type { AnswerDraft, DraftValue, EventQuestion } from "@/components/questions/answer-form";
import { QuestionFields } from "@/components/questions/question-fields";

type Seat = { key: string; typeName: string; number: number };

type Props = {
  orderQuestions: EventQuestion[];
  ticketQuestions: EventQuestion[];
  seats: Seat[];
  orderDraft: AnswerDraft;
  seatDrafts: Record<string, AnswerDraft>;
  problems: { order: Record<string, string>; seats: Record<string, Record<string, string>> };
  onOrderAnswer: (questionId: string, value: DraftValue) => void;
  onSeatAnswer: (seatKey: string, questionId: string, value: DraftValue) => void;
  disabled: boolean;
};

/** The event's questions: once for the order, and once for each ticket where the host asks per ticket. */
export function CheckoutQuestions(props: Props) {
  const { t } = useLingui();
  const { orderQuestions, ticketQuestions, seats, orderDraft, seatDrafts, problems, disabled } = props;
  if (orderQuestions.length === 0 && (ticketQuestions.length === 0 || seats.length === 0)) return null;
  return (
    <div className="flex flex-col gap-4 border-t border-border pt-3">
      {orderQuestions.length > 0 && (
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">
            <Trans>The hosts ask</Trans>
          </legend>
          <QuestionFields questions={orderQuestions} draft={orderDraft} problems={problems.order} disabled={disabled}
            onChange={props.onOrderAnswer} />
        </fieldset>
      )}
      {ticketQuestions.length > 0 &&
        seats.map((seat) => {
          const number = seat.number;
          const typeName = seat.typeName;
          return (
            <fieldset key={seat.key} className="flex min-w-0 flex-col gap-3" aria-label={t`Ticket ${number}: ${typeName}`}>
              <legend className="mb-2 text-sm font-semibold">
                <Trans>
                  Ticket {number}: {typeName}
                </Trans>
              </legend>
              <QuestionFields questions={ticketQuestions} draft={seatDrafts[seat.key] ?? {}} problems={problems.seats[seat.key] ?? {}}
                disabled={disabled} onChange={(questionId, value) => props.onSeatAnswer(seat.key, questionId, value)} />
            </fieldset>
          );
        })}
    </div>
  );
}
