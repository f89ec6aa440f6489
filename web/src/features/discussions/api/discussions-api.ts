import { queryOptions } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";

/** The fixed set of reactions (the database allows these only; decision 0346). */
export const REACTIONS = ["👍", "❤️", "😂", "🎉", "😮", "🙏"] as const;
export type Reaction = (typeof REACTIONS)[number];

type Author = { username: string; display_name: string; avatar_path: string | null } | null;
export type ReactionRow = { id: string; emoji: string; user_id: string; reply_id: string | null };
export type Thread = {
  id: string;
  group_id: string;
  author_id: string | null;
  title: string;
  body: string;
  pinned_at: string | null;
  locked_at: string | null;
  reply_count: number;
  last_activity_at: string;
  edited_at: string | null;
  created_at: string;
  author: Author;
};
export type Reply = { id: string; thread_id: string; author_id: string | null; body: string; edited_at: string | null; created_at: string; author: Author };

const AUTHOR = "author:profiles(username, display_name, avatar_path)";

export const discussionKeys = {
  all: (groupId: string) => ["discussions", groupId] as const,
  list: (groupId: string) => ["discussions", groupId, "list"] as const,
  thread: (groupId: string, threadId: string) => ["discussions", groupId, "thread", threadId] as const,
};

/** A group's threads: pinned first, then the most recently active. */
export function threadsOptions(groupId: string) {
  return queryOptions({
    queryKey: discussionKeys.list(groupId),
    queryFn: async (): Promise<Thread[]> => {
      const { data, error } = await supabase
        .from("discussion_threads")
        .select(`*, ${AUTHOR}`)
        .eq("group_id", groupId)
        .order("pinned_at", { ascending: false, nullsFirst: false })
        .order("last_activity_at", { ascending: false })
        .limit(50);
      if (error) throw error;
      return data as unknown as Thread[];
    },
  });
}

/** One thread with its replies (oldest first) and every reaction in it. */
export function threadOptions(groupId: string, threadId: string) {
  return queryOptions({
    queryKey: discussionKeys.thread(groupId, threadId),
    queryFn: async () => {
      const [thread, replies, reactions] = await Promise.all([
        supabase.from("discussion_threads").select(`*, ${AUTHOR}`).eq("id", threadId).maybeSingle(),
        supabase.from("discussion_replies").select(`*, ${AUTHOR}`).eq("thread_id", threadId).order("created_at").limit(500),
        supabase.from("discussion_reactions").select("id, emoji, user_id, reply_id").eq("thread_id", threadId),
      ]);
      for (const r of [thread, replies, reactions]) if (r.error) throw r.error;
      return {
        thread: thread.data as unknown as Thread | null,
        replies: (replies.data ?? []) as unknown as Reply[],
        reactions: (reactions.data ?? []) as ReactionRow[],
      };
    },
  });
}

async function done<T>(p: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  const { data, error } = await p;
  if (error) throw error;
  return data;
}

export const startThread = (groupId: string, title: string, body: string) =>
  done(supabase.from("discussion_threads").insert({ group_id: groupId, title, body }).select("id").single());
export const postReply = (groupId: string, threadId: string, body: string) =>
  done(supabase.from("discussion_replies").insert({ group_id: groupId, thread_id: threadId, body }).select("id").single());
export const editThread = (id: string, title: string, body: string) => done(supabase.from("discussion_threads").update({ title, body }).eq("id", id));
export const editReply = (id: string, body: string) => done(supabase.from("discussion_replies").update({ body }).eq("id", id));
export const setThreadFlags = (id: string, flags: { pinned?: boolean; locked?: boolean }) => {
  const now = new Date().toISOString();
  const patch: { pinned_at?: string | null; locked_at?: string | null } = {};
  if (flags.pinned !== undefined) patch.pinned_at = flags.pinned ? now : null;
  if (flags.locked !== undefined) patch.locked_at = flags.locked ? now : null;
  return done(supabase.from("discussion_threads").update(patch).eq("id", id));
};
export const removeThread = (id: string) => done(supabase.from("discussion_threads").delete().eq("id", id));
export const removeReply = (id: string) => done(supabase.from("discussion_replies").delete().eq("id", id));
export const addReaction = (groupId: string, threadId: string, replyId: string | null, emoji: string) =>
  done(supabase.from("discussion_reactions").insert({ group_id: groupId, thread_id: threadId, reply_id: replyId, emoji }));
export const removeReaction = (id: string) => done(supabase.from("discussion_reactions").delete().eq("id", id));
