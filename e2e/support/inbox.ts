import { expect } from 'vitest';

type Message = { kind: string; to: string; subject: string; text: string };

/** The link in the newest message of `kind` to `to`, from the server's development inbox. */
export async function linkFromInbox(baseUrl: string, to: string, kind: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const res = await fetch(`${baseUrl}/_inbox/messages?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: Message[] };
      const message = messages.filter((m) => m.kind === kind).at(-1);
      link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message?.text ?? '')?.[0] ?? '';
      return link;
    }, { timeout: 15_000 })
    .not.toBe('');
  return link;
}
