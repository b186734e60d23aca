// @cm/api/models: the API's request and answer shapes, as types. Each is `Static<typeof Model>` of the TypeBox model
// its route declares (api/src/modules/<feature>/model.ts), so the web reads what the server checks. Import with
// `import type` only: the web never loads server code.

export type {
  ActionItemPatchBody,
  ActionItemStatus,
  ActionItemTask,
  ActionItemTaskList,
  NewActionItemBody,
} from "./modules/action-items/model";
export type { AuditLogEntry, AuditLogPage } from "./modules/audit/model";
export type {
  AuthState,
  LoginAnswer,
  LoginBody,
  PublicUser,
  RegisterBody,
  ResendBody,
  UserAnswer,
  UsernameCheckAnswer,
  UsernameCheckBody,
  VerifyLoginBody,
} from "./modules/auth/model";
export type { Briefing } from "./modules/briefing/model";
export type { CalendarFeedCreated, CalendarFeedState } from "./modules/calendar-feed/model";
export type { ClientEmailBody, ClientItem, ClientList, ClientPatchBody, NewClientBody } from "./modules/clients/model";
export type { ErrorBody, MessageBody } from "./modules/common-model";
export type {
  ConversationDetail,
  ConversationItem,
  ConversationList,
  ConversationMessage,
} from "./modules/conversations/model";
export type { FollowUpBody, FollowUpDraft, FollowUpSent, SentEmail } from "./modules/follow-up/model";
export type { Health } from "./modules/health/model";
export type {
  ActionItem,
  MeetingDetail,
  MeetingList,
  MeetingListItem,
  MeetingListQuery,
  NextMeeting,
  SummaryPoint,
  SummarySource,
  TranscriptSegment,
} from "./modules/meetings/model";
export type {
  FindAnswer,
  MomentAnswer,
  SegmentRangeAnswer,
  TextRangeAnswer,
} from "./modules/meetings/transcript-range-model";
export type { Note, SaveNoteBody } from "./modules/notes/model";
export type {
  CheckoutAnswer,
  CheckoutBody,
  PaymentSession,
  Plan,
  PlanId,
  PlansAnswer,
  WebhookAnswer,
} from "./modules/payments/model";
export type { AccountSettings, LegalHoldAnswer, SettingsPatchBody } from "./modules/retention/model";
export type {
  ScheduleMeetingBody,
  ScheduleSuggestion,
  ScheduleSuggestionList,
} from "./modules/schedule/model";
export type { ChatTurn, SearchAnswer, SearchBody, SearchEvent, SearchReply, Source } from "./modules/search/model";
export type { RenameSpeakerAnswer, RenameSpeakerBody } from "./modules/speakers/model";
export type { Stats } from "./modules/stats/model";
export type { SummaryLimits, SummaryPatchBody } from "./modules/summary-edits/model";
export type { AccountUsage, QuotaUsage } from "./modules/usage/model";
export type { RecordVersionItem, RecordVersionList } from "./modules/versions/model";
