import type { Messages } from "@lingui/core";

// The pseudo-locale's catalogues, made from the English ones when loaded (so they can never be
// out of date): every ASCII letter becomes an accented look-alike, vowels are doubled (text
// about 35% longer, as French and German run) and each message is bracketed, so untranslated,
// truncated or concatenated text stands out on screen and to the e2e walk. Placeholders,
// plural and select syntax and Trans's <0>…</0> tags are left alone.

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [
    c,
    [..."åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i]!,
  ]),
);
const VOWELS = /[aeiouAEIOU]/;

export function pseudoText(text: string): string {
  let out = "";
  let inTag = false;
  for (const c of text) {
    if (c === "<") inTag = true;
    if (inTag) {
      out += c;
      if (c === ">") inTag = false;
      continue;
    }
    const accented = ACCENTED[c];
    out += accented ? (VOWELS.test(c) ? accented + accented : accented) : c;
  }
  return out;
}

type Token = string | unknown[];

function pseudoTokens(tokens: Token[]): Token[] {
  return tokens.map((token) => {
    if (typeof token === "string") return pseudoText(token);
    // [name] or [name, "plural" | "select" | …, { branch: tokens }]: only the branches are text.
    const [name, format, branches] = token as [string, string?, Record<string, unknown>?];
    if (!branches || typeof branches !== "object") return token;
    const mapped = Object.fromEntries(
      Object.entries(branches).map(([key, value]) => [key, Array.isArray(value) ? pseudoTokens(value as Token[]) : value]),
    );
    return [name, format, mapped];
  });
}

/** A compiled catalogue (Lingui's token arrays) turned into the pseudo-locale's. */
export function pseudoCatalogue(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      const tokens = (typeof message === "string" ? [message] : message) as Token[];
      return [id, ["⟦", ...pseudoTokens(tokens), "⟧"]];
    }),
  ) as Messages;
}
