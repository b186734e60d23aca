// Invented sample data for the demo account (user id 1). Every person, company and figure is fictional.
// The advisor is Dana Whitfield (the demo user); Priya Raman (estate attorney) and Leo Brandt (tax adviser)
// are colleagues at her practice. Meetings live in demo-meetings-*.ts.

import { hendricksMeetings } from "./demo-meetings-1";
import { fischerMeetings } from "./demo-meetings-2";
import { alvarezMeetings } from "./demo-meetings-3";
import { castellanoMeetings } from "./demo-meetings-4";
import { pierceMeetings } from "./demo-meetings-5";
import type { DemoClient, DemoMeeting } from "./demo-types";

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
