import type { InvitationMessages } from './messages.ts';

export const en: InvitationMessages = {
  event: {
    subject: (who, t) => `${who} invited you to ${t}`,
    body: (who, t) => `${who} invited you to ${t}. Open the invitation to say whether you're going: one click, no password needed.`,
  },
  group: {
    subject: (who, g) => `${who} invited you to join ${g}`,
    body: (who, g) => `${who} invited you to join ${g} on Gather. Open the invitation to join in one click, without waiting for approval.`,
  },
  action: 'Open the invitation',
  footer: (who, email) => `You got this email because ${who} invited ${email} on Gather. Not for you? Ignore it: nothing happens unless you answer.`,
};
