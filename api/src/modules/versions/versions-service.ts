import { listRecordVersions, type RecordVersion } from "@cm/db/queries/record-versions";
import type { AppContext } from "../../context";
import { notFound } from "../../http-error";
import type { RecordVersionItem, RecordVersionList } from "./model";

/** How a version came to be, as the meeting's history says it. */
function labelOf(version: RecordVersion, first: boolean): string {
  if (version.source === "found") return "As kept when versions began";
  if (version.source === "ai") {
    if (version.kind === "transcript") return "As transcribed";
    return first ? "The AI's first draft" : "Drafted again by the AI";
  }
  return `Edited by ${version.actorName ?? "a user"}`;
}

/** The top-level parts of `content` that differ from `before` (every part for a first version). */
function changedParts(content: Record<string, unknown>, before: Record<string, unknown> | undefined): string[] {
  const keys = new Set([...Object.keys(content), ...Object.keys(before ?? {})]);
  return [...keys].filter((key) => !before || JSON.stringify(content[key]) !== JSON.stringify(before[key]));
}

export async function listMeetingVersions(
  ctx: AppContext,
  userId: number,
  meetingId: number,
): Promise<RecordVersionList> {
  const versions = await listRecordVersions(ctx.db.sql, userId, meetingId);
  if (!versions) throw notFound("Meeting");
  const previous = new Map<string, Record<string, unknown>>();
  const items: RecordVersionItem[] = versions.map((version) => {
    const before = previous.get(version.kind);
    previous.set(version.kind, version.content);
    return {
      kind: version.kind,
      version: version.version,
      author: version.actorUserId === null ? null : { id: version.actorUserId, name: version.actorName },
      source: version.source,
      label: labelOf(version, version.version === 1),
      createdAt: version.createdAt.toISOString(),
      changed: changedParts(version.content, before),
      content: version.content,
    };
  });
  return { meetingId, versions: items };
}
