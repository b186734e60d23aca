import type { ConversationItem } from "@cm/api/models";
import { formatDistanceToNow } from "date-fns";
import { useState } from "react";
import useSWR from "swr";
import { toast } from "../../lib/toast";
import { CONVERSATIONS_KEY, deleteSavedConversation } from "./saved-conversations";

/**
 * The saved Meeting Intelligence conversations: each reopens with a click and can be deleted. `limit` shows only the
 * most recent ones.
 */
export function ConversationList({
  currentId,
  onOpen,
  onDeleted,
  limit,
  headingId,
}: {
  currentId: number | undefined;
  onOpen: (id: number) => void;
  onDeleted: (id: number) => void;
  limit?: number;
  /** The heading that names the list (aria-labelledby). */
  headingId?: string;
}) {
  // Read again whenever the list shows: every answer changes it, also while no list was on screen to follow.
  const {
    data: conversations,
    error,
    mutate,
  } = useSWR<ConversationItem[]>(CONVERSATIONS_KEY, {
    revalidateOnMount: true,
  });
  const [deleting, setDeleting] = useState<number | null>(null);

  async function remove(conversation: ConversationItem) {
    setDeleting(conversation.id);
    try {
      await deleteSavedConversation(conversation.id);
      await mutate((list) => list?.filter((c) => c.id !== conversation.id), { revalidate: false });
      onDeleted(conversation.id);
    } catch {
      toast({
        title: "Error",
        description: "Failed to delete the conversation. Please try again.",
        variant: "destructive",
      });
    } finally {
      setDeleting(null);
    }
  }

  if (error)
    return <p className="text-sm text-slate-500 dark:text-slate-400">Past conversations could not be loaded.</p>;
  if (!conversations) return <p className="text-sm text-slate-500 dark:text-slate-400">Loading conversations...</p>;
  if (!conversations.length) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">No saved conversations yet.</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-labelledby={headingId}>
      {conversations.slice(0, limit).map((c) => (
        <li key={c.id} className="flex items-center gap-2 py-2">
          <button
            type="button"
            className="min-w-0 flex-1 rounded-md px-2 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            aria-current={c.id === currentId ? "true" : undefined}
            onClick={() => onOpen(c.id)}
          >
            <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">{c.title}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {formatDistanceToNow(new Date(c.updatedAt), { addSuffix: true })} · {Math.ceil(c.messageCount / 2)}{" "}
              {c.messageCount > 2 ? "questions" : "question"}
            </span>
          </button>
          <button
            type="button"
            className="shrink-0 rounded-md px-2 py-1 text-sm text-red-600 hover:bg-red-50 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-950/40"
            aria-label={`Delete conversation: ${c.title}`}
            onClick={() => void remove(c)}
            disabled={deleting !== null}
          >
            Delete
          </button>
        </li>
      ))}
    </ul>
  );
}
