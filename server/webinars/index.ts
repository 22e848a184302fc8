// Webinars area (issue 33): live sessions of a course — scheduling (admin, content
// manager), the enrolled student's list, joining (recorded), iCalendar files and the
// personal feed, and reminder e-mails. A webinar belongs to the course chain, not to a
// version (spec: Versioning 2). It reads courses, levels and enrollments and writes only
// its own tables (webinars, webinar_joins, webinar_reminders, webinar_calendar_feeds);
// e-mails go through mail.send jobs (server/mail composes them from `webinarMail`).
// docs/decisions/webinars/webinars.md > Webinars.
export { Webinar, WebinarCreateRequest, WebinarPatchRequest, WebinarResponse, StudentWebinar, StudentWebinarList, webinarsApi } from "./contract";
export { createWebinar, updateWebinar, cancelWebinar, getWebinar, listWebinarsOfCourse, serializeWebinar, MAX_WEBINAR_HOURS, type WebinarRow } from "./admin";
export {
  listStudentWebinars,
  joinWebinar,
  joinable,
  webinarIcs,
  calendarFeedOf,
  renewCalendarFeed,
  calendarFeed,
  feedToken,
  webinarJoinPath,
  webinarCalendarPath,
  JOIN_OPENS_BEFORE_MS,
} from "./student";
export { icsCalendar, icsInstant, icsText, ICS_ALARM_MINUTES, type IcsEvent } from "./ics";
export { sendDueReminders, dueReminder, REMIND_CRON } from "./reminders";
export { webinarMail, type WebinarMail, type WebinarMailJob } from "./mail";
export { seedDemoWebinars } from "./seed";
export { webinarRecordings } from "./recordings";
export { webinarAttendance, correctAttendance, type AttendanceLine } from "./attendance";
export { webinarLevelRequirements } from "./requirements";
export { startRecordingPlayback, reportRecordingWatch, recordingWatchOf, webinarRecordingPlayPath, type RecordingWatch } from "./watch";
export {
  queueMeetingRecording,
  importRecordingJob,
  keepMeetingsSubscription,
  SUBSCRIPTION_CRON,
  RECORDINGS_RESOURCE,
  type MeetingsAutomation,
  type ImportOutcome,
} from "./imports";
export { createGraphClient, recordingOfResource, type MeetingsGraph, type GraphSettings } from "./graph";
