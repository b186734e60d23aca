// The shapes of the demo account's sample data (demo-data.ts, demo-meetings-*.ts). In a file of their own so the
// meeting files need not import demo-data.ts, which imports them.
import type { ActionItem } from "@cm/ai";

export type DemoClientKey = "hendricks" | "alvarez" | "castellano" | "pierce" | "fischer";

export interface DemoClient {
  key: DemoClientKey;
  name: string;
  type: string;
}

/**
 * When a meeting took place, relative to the seeding time: `daysAgo` days before today, or a day of April
 * (of the current year from May on, of the previous year before May). `time` is local "HH:mm".
 */
export type DemoWhen = { daysAgo: number; time: string } | { aprilDay: number; time: string };

export interface DemoMeeting {
  client: DemoClientKey;
  title: string;
  /** The kind of meeting, shown as its type. */
  type: string;
  when: DemoWhen;
  /** First name used in `script` -> full speaker name. */
  speakers: Record<string, string>;
  /**
   * One turn per line, "FirstName: text". `{next}` stands for the follow-up date (e.g. "Thursday, June 12"),
   * `nextInDays` after the meeting.
   */
  script: string;
  executiveSummary: string;
  keyPoints: string[];
  /** Exactly three per meeting: the dashboard counts 36 insights. */
  actionItems: [ActionItem, ActionItem, ActionItem];
  next: { inDays: number; topics: string[] } | null;
  /** The advisor's private note on this meeting, if any. */
  note?: string;
}
