// Invented sample data for the demo account (user id 1). Every person, company and figure is fictional.
// The advisor is Dana Whitfield (the demo user); Priya Raman (estate attorney) and Leo Brandt (tax adviser)
// are colleagues at her practice. Meetings live in demo-meetings-*.ts.
import type { ActionItem } from "@cm/ai";
import { hendricksMeetings } from "./demo-meetings-1";
import { fischerMeetings } from "./demo-meetings-2";
import { alvarezMeetings } from "./demo-meetings-3";
import { castellanoMeetings } from "./demo-meetings-4";
import { pierceMeetings } from "./demo-meetings-5";

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

export const DEMO_CLIENTS: DemoClient[] = [
  { key: "hendricks", name: "Hendricks Family Trust", type: "Wealth Management" },
  { key: "alvarez", name: "Alvarez Bakery Co.", type: "Tax Advisory" },
  { key: "castellano", name: "Ruth Castellano", type: "Estate Planning" },
  { key: "pierce", name: "Walter & Joan Pierce", type: "Retirement Planning" },
  { key: "fischer", name: "Nadia Fischer (Fernlight Labs)", type: "Business Advisory" },
];

export const DEMO_MEETINGS: DemoMeeting[] = [
  ...hendricksMeetings,
  ...fischerMeetings,
  ...alvarezMeetings,
  ...castellanoMeetings,
  ...pierceMeetings,
];
