// What invitation emails say (issue 32, decision 0307), one file per language beside this one,
// each implementing every message, as for Gather's other emails (decision 0205). The greeting,
// labels and dates come from the main catalogue (../messages.ts).

export interface InvitationMessages {
  event: {
    subject(inviter: string, title: string): string;
    body(inviter: string, title: string): string;
  };
  group: {
    subject(inviter: string, group: string): string;
    body(inviter: string, group: string): string;
  };
  /** The button: opens the invitation, where one answers in one step. */
  action: string;
  /** Why this email came, to an address that may have no account. */
  footer(inviter: string, email: string): string;
}
