import { describe, expect, it } from "vitest";
import { FunctionError } from "./call-function";
import { paymentErrorMessage, translatePaymentError } from "./payment-errors";

describe("the paid-ticket errors in the member's words", () => {
  it("reads the values back out of the database's English", () => {
    expect(translatePaymentError("sold_out", 'Sold out: not enough "Early bird" tickets left.')).toBe('Sold out: not enough "Early bird" tickets left.');
    expect(translatePaymentError("sold_out", "anything else")).toBe("Sold out: not enough tickets left.");
    expect(translatePaymentError("amount_too_small", "A payment must be at least 0.50 EUR.")).toBe("A payment must be at least €0.50.");
    expect(translatePaymentError("invalid_quantity", 'Choose between 2 and 4 tickets of "Table".')).toBe('Choose between 2 and 4 tickets of "Table".');
    expect(translatePaymentError("event_full", "x")).toBeUndefined();
  });

  it("says a function's refusal by its code, and anything else as the app does", () => {
    expect(paymentErrorMessage(new FunctionError("refund_not_allowed", "The policy says no.", 409))).toBe("This event's refund policy does not allow a refund now.");
    expect(paymentErrorMessage(new FunctionError("some_new_code", "The server's own words.", 400))).toBe("The server's own words.");
  });
});
