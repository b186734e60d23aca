import type { ClientItem } from "@cm/api/models";
import { format } from "date-fns";
import { useState } from "react";
import { Link } from "react-router";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../lib/api-request";
import { MEETING_PAGE_SIZE, meetingsKey, refreshMeetingLists } from "../../lib/meeting-keys";
import { toast } from "../../lib/toast";
import { useToastWhile } from "../../lib/use-toast-while";
import { PagedMeetings } from "../meetings/paged-meetings";
import { AddTaskDialog } from "../tasks/add-task-dialog";
import { ConfirmDialog } from "../ui/modal";
import { ClientBriefingDialog } from "./client-briefing-dialog";
import { ClientMeetingCard } from "./client-meeting-card";
import { EditClientDialog } from "./edit-client-dialog";

export function ClientRow({
  client,
  expanded,
  onToggle,
}: {
  client: ClientItem;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  // A failed delete is told while its confirmation is open.
  useToastWhile(`client-delete-failed-${client.id}`, confirming);
  const [deleting, setDeleting] = useState(false);
  const [briefing, setBriefing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [addingTask, setAddingTask] = useState(false);
  const count = client.meetingCount;
  const panelId = `client-panel-${client.id}`;

  async function remove() {
    setDeleting(true);
    try {
      await apiRequest("DELETE", `/api/clients/${client.id}`);
      await Promise.all([mutate("/api/clients"), refreshMeetingLists(mutate), mutate("/api/stats")]);
      toast({
        title: "Client deleted",
        description: "The client and all associated meetings have been successfully deleted.",
      });
      setConfirming(false);
    } catch {
      toast({
        key: `client-delete-failed-${client.id}`,
        title: "Error",
        description: "Failed to delete client. Please try again.",
        variant: "destructive",
      });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <li className="card">
      <button
        type="button"
        className="flex w-full items-center gap-4 p-4 text-left"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={onToggle}
      >
        <span
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-900/50 dark:text-indigo-300"
          aria-hidden
        >
          {client.name.trim().charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900 dark:text-slate-100">{client.name}</span>
          <span className="block text-sm text-slate-500 dark:text-slate-400">{client.type}</span>
        </span>
        <span className="hidden text-right text-sm text-slate-500 dark:text-slate-400 sm:block">
          <span className="block">
            {count} {count === 1 ? "meeting" : "meetings"}
          </span>
          <span className="block">Added {format(new Date(client.createdAt), "MMM d, yyyy")}</span>
        </span>
        <span aria-hidden className={`text-slate-500 dark:text-slate-400 transition ${expanded ? "rotate-180" : ""}`}>
          ▾
        </span>
      </button>
      {expanded ? (
        <div id={panelId} className="border-t border-slate-200 p-4 dark:border-slate-800">
          {/* On a phone the heading takes its line and the actions wrap in a row under it, not a ragged column. */}
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3" data-testid="client-actions-bar">
            <h3 className="font-semibold">Client Conversations</h3>
            <div className="flex flex-wrap gap-2">
              <Link to={`/record?clientId=${client.id}`} className="btn-secondary">
                Record meeting
              </Link>
              <button type="button" className="btn-secondary" onClick={() => setBriefing(true)}>
                Prepare for next meeting
              </button>
              <button type="button" className="btn-secondary" onClick={() => setAddingTask(true)}>
                Add task
              </button>
              <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
                Edit Client
              </button>
              <button type="button" className="btn-danger" onClick={() => setConfirming(true)}>
                Delete Client
              </button>
            </div>
          </div>
          <PagedMeetings
            firstKey={meetingsKey({ clientId: client.id, limit: MEETING_PAGE_SIZE })}
            empty={
              <p className="text-sm text-slate-500 dark:text-slate-400">No meetings recorded for this client yet.</p>
            }
            loading={<p className="text-sm text-slate-500 dark:text-slate-400">Loading meetings...</p>}
            renderPage={(meetings) => (
              <div className="mb-3 space-y-3">
                {meetings.map((m) => (
                  <ClientMeetingCard key={m.id} meeting={m} />
                ))}
              </div>
            )}
          />
        </div>
      ) : null}
      {briefing ? (
        <ClientBriefingDialog
          clientId={client.id}
          clientName={client.name}
          open={briefing}
          onOpenChange={setBriefing}
        />
      ) : null}
      {editing ? <EditClientDialog client={client} open={editing} onOpenChange={setEditing} /> : null}
      {addingTask ? (
        <AddTaskDialog
          target={{ clientId: client.id, label: client.name }}
          open={addingTask}
          onOpenChange={setAddingTask}
        />
      ) : null}
      {/* Mounted only while asked: a closed dialog per row would still cost every render of a long list. */}
      {confirming ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete client"
          message={`Are you sure you want to delete "${client.name}"? This action cannot be undone and will permanently remove the client and all associated meetings, transcripts, and recordings.`}
          confirmLabel="Delete Client"
          pending={deleting}
          onConfirm={remove}
        />
      ) : null}
    </li>
  );
}
