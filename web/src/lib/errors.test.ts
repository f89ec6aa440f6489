import { i18n } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { messages as frenchErrors } from "@/locales/fr/errors.po";
import { messages as frenchShell } from "@/locales/fr/shell.po";
import { activateEnglish } from "@/test/i18n";
import { errorMessage } from "./errors";

afterEach(activateEnglish);

function inFrench() {
  i18n.load("fr", { ...frenchShell, ...frenchErrors });
  i18n.activate("fr");
}

describe("errorMessage", () => {
  it("says a database error in the member's language, found by its code", () => {
    const error = { code: "event_full", message: "This event is full.", details: null, hint: null };
    expect(errorMessage(error)).toBe("This event is full.");
    inFrench();
    expect(errorMessage(error)).toBe("Cet événement est complet.");
  });

  it("puts the values of a formatted message back into the translation", () => {
    inFrench();
    expect(errorMessage({ code: "answer_required", message: 'Answer "T-shirt size".' })).toBe("Répondez à « T-shirt size ».");
    expect(errorMessage({ code: "answer_invalid", message: 'The answer to "Say "hi"" can be at most 200 characters long.' })).toBe(
      "La réponse à « Say \"hi\" » peut compter au plus 200 caractères.",
    );
    expect(errorMessage({ code: "answer_invalid", message: 'Enter a phone number for "Phone", with 6 to 15 digits.' })).toBe(
      "Saisissez un numéro de téléphone de 6 à 15 chiffres pour « Phone ».",
    );
    expect(errorMessage({ code: "too_many_guests", message: "You can bring at most 2 guests." })).toBe(
      "Vous pouvez venir avec 2 invités au maximum.",
    );
    expect(errorMessage({ code: "already_checked_in", message: "Already checked in at 18:05 (Europe/Lisbon)." })).toBe(
      "Arrivée déjà enregistrée à 18:05 (Europe/Lisbon).",
    );
  });

  it("falls back to the server's English for a code it does not know, and to a generic sentence without one", () => {
    inFrench();
    expect(errorMessage({ code: "brand_new_rule", message: "A rule added after this build." })).toBe(
      "A rule added after this build.",
    );
    expect(errorMessage({})).toBe("Un problème est survenu. Veuillez réessayer.");
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe("Vous semblez hors ligne. Vérifiez votre connexion et réessayez.");
  });

  it("says the invitations' and appeals' refusals in the member's language, telling apart codes shared with older rules", () => {
    inFrench();
    expect(errorMessage({ code: "invite_link_expired", message: "This invitation link has expired." })).toBe("Ce lien d’invitation a expiré.");
    expect(errorMessage({ code: "invalid_emails", message: "Not an email address: a@, b." })).toBe("Ce n’est pas une adresse e-mail : a@, b.");
    expect(errorMessage({ code: "invalid_request", message: "Say whether to accept or reject the appeal." })).toBe(
      "Indiquez s’il faut accepter ou rejeter la contestation.",
    );
    expect(errorMessage({ code: "invalid_request", message: "Say whether to accept or decline the request." })).toBe(
      "Indiquez s’il faut accepter ou refuser la demande.",
    );
    expect(errorMessage({ code: "invalid_message", message: "Say why it should come back, in at most 2,000 characters." })).toBe(
      "Expliquez pourquoi le contenu devrait revenir, en 2 000 caractères au plus.",
    );
    expect(errorMessage({ code: "invalid_message", message: "The message must be 1 to 5,000 characters long." })).not.toMatch(/revenir/);
  });

  it("gives Auth's codes the product's words", () => {
    expect(errorMessage({ code: "user_banned", message: "User is banned" })).toMatch(/^Your account is suspended/);
  });
});
