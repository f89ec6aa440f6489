import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ConversationKind } from "@/lib/conversation-notifications";

/** The boxes for replies, mentions and private messages: the same words on every channel. */
export const CONVERSATION_OPTIONS: { key: ConversationKind; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { key: "mention", label: msg`Mentions`, hint: msg`When someone writes @ and your username in a group discussion.` },
  { key: "discussion_reply", label: msg`Replies in discussions`, hint: msg`When someone replies in a discussion you started or answered.` },
  { key: "direct_message", label: msg`Private messages`, hint: msg`The first new message from a member, until you read it.` },
];
