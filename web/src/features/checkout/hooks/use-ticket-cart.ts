import { t } from "@lingui/core/macro";
import { useMemo, useState } from "react";
import { answerProblems, answersPayload, type AnswerDraft, type DraftValue } from "@/components/questions/answer-form";
import { paymentErrorMessage } from "@/lib/payments/payment-errors";
import { checkPromoCode, unlockTicketTypes, type TicketQuestion, type TicketType } from "../api/checkout-api";
import { cartTotals, checkoutItems, seats, type Promo, type Quantities } from "../cart";
import type { TicketBoxEvent } from "../ticket-box-event";

type BoxType = TicketBoxEvent["ticket_types"][number];

type Problems = { order: Record<string, string>; seats: Record<string, Record<string, string>> };

/**
 * The buyer's choice: quantities per type, a promo code (checked with check_promo_code), hidden
 * types an access code unlocked, and the answers to the event's questions; priced as the
 * order will be (cart.ts). `request()` is the checkout's body once every answer is fine.
 */
export function useTicketCart(eventId: string, currency: string, visible: BoxType[], questions: TicketQuestion[]) {
  const [quantities, setQuantities] = useState<Quantities>({});
  const [promo, setPromo] = useState<Promo | null>(null);
  const [access, setAccess] = useState<{ code: string; types: TicketType[] } | null>(null);
  const [orderDraft, setOrderDraft] = useState<AnswerDraft>({});
  const [seatDrafts, setSeatDrafts] = useState<Record<string, AnswerDraft>>({});
  const [problems, setProblems] = useState<Problems>({ order: {}, seats: {} });

  const types: BoxType[] = useMemo(() => [...visible, ...(access?.types ?? []).filter((h) => !visible.some((v) => v.id === h.id))], [visible, access]);
  const totals = cartTotals(types, quantities, promo, currency);
  const seatList = seats(types, quantities);
  const orderQuestions = questions.filter((q) => q.asked_per === "order");
  const ticketQuestions = questions.filter((q) => q.asked_per === "ticket");

  const applyPromo = async (code: string) => {
    try {
      setPromo(await checkPromoCode(eventId, code));
    } catch (error) {
      throw new Error(paymentErrorMessage(error));
    }
  };
  const applyAccess = async (code: string) => {
    let unlocked: TicketType[];
    try {
      unlocked = await unlockTicketTypes(eventId, code);
    } catch (error) {
      throw new Error(paymentErrorMessage(error));
    }
    if (unlocked.length === 0) throw new Error(t`This code unlocks no tickets of this event.`);
    setAccess({ code, types: unlocked });
  };
  const removeAccess = () => {
    setQuantities((q) => Object.fromEntries(Object.entries(q).filter(([id]) => !access?.types.some((h) => h.id === id))));
    setAccess(null);
  };

  /** The checkout's body, or null (with the problems shown beside the questions). */
  const request = () => {
    const found: Problems = { order: answerProblems(orderQuestions, orderDraft), seats: {} };
    for (const seat of seatList) {
      const seatProblems = answerProblems(ticketQuestions, seatDrafts[seat.key] ?? {});
      if (Object.keys(seatProblems).length) found.seats[seat.key] = seatProblems;
    }
    setProblems(found);
    if (Object.keys(found.order).length || Object.keys(found.seats).length) return null;
    return {
      event_id: eventId,
      items: checkoutItems(types, quantities),
      ...(promo ? { promo_code: promo.code } : {}),
      ...(access ? { access_code: access.code } : {}),
      ...(orderQuestions.length ? { answers: answersPayload(orderQuestions, orderDraft) } : {}),
      ...(ticketQuestions.length ? { ticket_answers: seatList.map((s) => answersPayload(ticketQuestions, seatDrafts[s.key] ?? {})) } : {}),
    };
  };

  return {
    types, quantities, totals, seatList, orderQuestions, ticketQuestions, orderDraft, seatDrafts, problems, promo, access,
    setQuantity: (typeId: string, n: number) => setQuantities((q) => ({ ...q, [typeId]: n })),
    applyPromo, removePromo: () => setPromo(null), applyAccess, removeAccess,
    answerOrder: (questionId: string, value: DraftValue) => setOrderDraft((d) => ({ ...d, [questionId]: value })),
    answerSeat: (seatKey: string, questionId: string, value: DraftValue) =>
      setSeatDrafts((d) => ({ ...d, [seatKey]: { ...d[seatKey], [questionId]: value } })),
    request,
  };
}
