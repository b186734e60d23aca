import { useState } from "react";
import { Modal } from "../ui/modal";
import { ConversationList } from "./conversation-list";

/** "Past Conversations" in the chat's header: every saved conversation in a dialog, to reopen or delete. */
export function PastConversations({
  currentId,
  onOpen,
  onDeleted,
  disabled,
}: {
  currentId: number | undefined;
  onOpen: (id: number) => void;
  onDeleted: (id: number) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-secondary shrink-0 whitespace-nowrap"
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        Past Conversations
      </button>
      {open ? (
        <Modal open={open} onOpenChange={setOpen} title="Past Conversations">
          <ConversationList
            currentId={currentId}
            onOpen={(id) => {
              setOpen(false);
              onOpen(id);
            }}
            onDeleted={onDeleted}
          />
        </Modal>
      ) : null}
    </>
  );
}
