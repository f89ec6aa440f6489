// The ticket setup's forms as the organizer types them (prices in the currency's major unit,
// times on the event's clock) and the rows the database keeps (minor units, instants), with the
// database's rules checked first so each problem shows beside its field (migration
// 20261129200200's triggers check again and say the same).
import { t } from "@lingui/core/macro";
import { isoToZonedWallTime, zonedWallTimeToIso } from "@/lib/datetime";
import { minorToInput, parseMoney } from "@/lib/money/money";
import type { PromoCodeRow, PromoCodeWrite, TicketTypeRow, TicketTypeWrite } from "./api/ticketing-api";

export type TicketTypeDraft = {
  name: string;
  description: string;
  price: string;
  quantity: string;
  /** "YYYY-MM-DDTHH:mm" on the event's clock, or "". */
  salesStart: string;
  salesEnd: string;
  minPerOrder: string;
  maxPerOrder: string;
  hidden: boolean;
  accessCode: string;
};

export type Problems<T> = Partial<Record<keyof T, string>>;

const local = (iso: string | null, zone: string) => {
  if (!iso) return "";
  const { date, time } = isoToZonedWallTime(iso, zone);
  return `${date}T${time}`;
};
const instant = (value: string, zone: string) => {
  if (!value) return null;
  const [date = "", time = ""] = value.split("T");
  return zonedWallTimeToIso(date, time.slice(0, 5), zone);
};
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : NaN);

export function newTicketTypeDraft(): TicketTypeDraft {
  return { name: "", description: "", price: "", quantity: "", salesStart: "", salesEnd: "", minPerOrder: "1", maxPerOrder: "10", hidden: false, accessCode: "" };
}

export function ticketTypeDraft(row: TicketTypeRow, currency: string, zone: string): TicketTypeDraft {
  return {
    name: row.name, description: row.description, price: minorToInput(row.price, currency), quantity: row.quantity === null ? "" : String(row.quantity),
    salesStart: local(row.sales_start_at, zone), salesEnd: local(row.sales_end_at, zone), minPerOrder: String(row.min_per_order),
    maxPerOrder: String(row.max_per_order), hidden: row.hidden, accessCode: row.access_code ?? "",
  };
}

/** The row to write, or what is wrong with the draft. An empty price is free. */
export function ticketTypeRow(draft: TicketTypeDraft, currency: string, zone: string): { row: TicketTypeWrite } | { problems: Problems<TicketTypeDraft> } {
  const problems: Problems<TicketTypeDraft> = {};
  const name = draft.name.trim();
  if (name.length < 1 || name.length > 80) problems.name = t`A ticket type needs a name of 1 to 80 characters.`;
  if (draft.description.trim().length > 2000) problems.description = t`A ticket type's description can be at most 2,000 characters long.`;
  const price = draft.price.trim() === "" ? 0 : parseMoney(draft.price, currency);
  if (price === null || price > 99_999_999) problems.price = t`Enter a price such as 12.50, or leave it empty for free tickets.`;
  const quantity = draft.quantity.trim() === "" ? null : whole(draft.quantity);
  if (quantity !== null && !(quantity >= 1 && quantity <= 100_000)) problems.quantity = t`The quantity must be empty (only the capacity limits it) or 1 to 100,000.`;
  const min = whole(draft.minPerOrder);
  const max = whole(draft.maxPerOrder);
  if (!(min >= 1 && min <= 100 && max >= min && max <= 100)) {
    problems.maxPerOrder = t`Tickets per order: a minimum of at least 1 and a maximum of at most 100, not below the minimum.`;
  }
  const start = instant(draft.salesStart, zone);
  const end = instant(draft.salesEnd, zone);
  if (start && end && end <= start) problems.salesEnd = t`Sales must end after they start.`;
  if (draft.hidden && draft.accessCode.trim().length > 40) problems.accessCode = t`An access code can be at most 40 characters long.`;
  if (Object.keys(problems).length) return { problems };
  return {
    row: {
      name, description: draft.description.trim(), price: price!, quantity, sales_start_at: start, sales_end_at: end,
      min_per_order: min, max_per_order: max, hidden: draft.hidden, access_code: draft.hidden ? draft.accessCode.trim() || null : null,
    },
  };
}

export type PromoCodeDraft = {
  code: string;
  kind: "percent" | "amount";
  value: string;
  /** Empty: every ticket type. */
  typeIds: string[];
  maxUses: string;
  expires: string;
};

export function newPromoCodeDraft(): PromoCodeDraft {
  return { code: "", kind: "percent", value: "", typeIds: [], maxUses: "", expires: "" };
}

export function promoCodeDraft(row: PromoCodeRow, currency: string, zone: string): PromoCodeDraft {
  return {
    code: row.code, kind: row.percent_off !== null ? "percent" : "amount",
    value: row.percent_off !== null ? String(row.percent_off) : minorToInput(row.amount_off ?? 0, currency),
    typeIds: row.ticket_type_ids ?? [], maxUses: row.max_uses === null ? "" : String(row.max_uses), expires: local(row.expires_at, zone),
  };
}

export function promoCodeRow(draft: PromoCodeDraft, currency: string, zone: string): { row: PromoCodeWrite } | { problems: Problems<PromoCodeDraft> } {
  const problems: Problems<PromoCodeDraft> = {};
  const code = draft.code.trim();
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(code)) problems.code = t`A promo code is 1 to 40 letters, digits, - or _.`;
  const percent = draft.kind === "percent" ? whole(draft.value) : null;
  const amount = draft.kind === "amount" ? parseMoney(draft.value, currency) : null;
  if (draft.kind === "percent" && !(percent! >= 1 && percent! <= 100)) problems.value = t`Enter a percentage from 1 to 100.`;
  if (draft.kind === "amount" && !(amount !== null && amount >= 1)) problems.value = t`Enter an amount such as 5 or 2.50.`;
  const maxUses = draft.maxUses.trim() === "" ? null : whole(draft.maxUses);
  if (maxUses !== null && !(maxUses >= 1)) problems.maxUses = t`Leave it empty for no limit, or enter a number from 1.`;
  if (Object.keys(problems).length) return { problems };
  return {
    row: {
      code, percent_off: percent, amount_off: amount, ticket_type_ids: draft.typeIds.length ? draft.typeIds : null, max_uses: maxUses,
      expires_at: instant(draft.expires, zone),
    },
  };
}
