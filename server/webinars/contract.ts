// The webinars' /api contract (issue 33; spec: Resources > Webinar, whose fields are "not
// shown": the shape is ours, docs/api.md > Webinars). Requests are strict (an unknown key is
// a 422); responses are strict too, so a serializer cannot leak a field.
import { z } from "zod";
import { Id, Iso } from "../kernel/contract";
import type { ApiArea } from "../http/openapi";
import { isStorableInstant, STORABLE_INSTANT_MESSAGE } from "../kernel/instants";

const Instant = z.iso
  .datetime({ offset: true, error: "Čas je dátum a čas ISO 8601 s posunom (napr. 2026-03-28T18:00:00Z)." })
  .refine(isStorableInstant, STORABLE_INSTANT_MESSAGE);
const JoinUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "Odkaz na pripojenie musí byť adresa http(s).");

const fields = {
  title: z.string().trim().min(1, "Zadajte názov.").max(300),
  description: z.string().max(20_000).optional(),
  startsAt: Instant,
  endsAt: Instant,
  joinUrl: JoinUrl,
  lecturer: z.string().trim().max(200).nullable().optional(),
  levelId: Id.nullable().optional(),
  attendanceRequired: z.boolean().optional(),
  onlineMeetingId: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .regex(/^[A-Za-z0-9_\-=.:@+]+$/, "ID schôdze obsahuje nepovolené znaky.")
    .nullable()
    .optional()
    .describe("the meeting provider's online meeting id (Microsoft Graph onlineMeeting.id): its recording is imported automatically (phase 2)"),
};

export const WebinarCreateRequest = z.strictObject(fields).describe("A new webinar of the course (times ISO 8601; end after start, start in the future)");
export type WebinarCreateRequest = z.infer<typeof WebinarCreateRequest>;

export const WebinarPatchRequest = z
  .strictObject({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) } as {
    [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
  })
  .describe("Changed fields of a scheduled webinar; a change of time or join URL e-mails the enrolled students a fresh .ics");
export type WebinarPatchRequest = z.infer<typeof WebinarPatchRequest>;

export const WebinarState = z.enum(["scheduled", "cancelled"]);

export const Webinar = z
  .strictObject({
    _id: Id,
    courseId: Id.describe("the course (its first version's id, as Enrollment.courseId)"),
    title: z.string(),
    description: z.string(),
    startsAt: Iso,
    endsAt: Iso,
    joinUrl: z.string(),
    lecturer: z.string().nullable(),
    levelId: Id.nullable(),
    attendanceRequired: z.boolean(),
    state: WebinarState,
    sequence: z.int().min(0).describe("iCalendar SEQUENCE"),
    cancelledAt: Iso.nullable(),
    recordingPlaybackId: z.string().nullable(),
    onlineMeetingId: z.string().nullable().describe("the meeting whose recording is imported automatically (phase 2)"),
    createdAt: Iso,
    updatedAt: Iso,
  })
  .describe("Webinar (admin view)");
export type Webinar = z.infer<typeof Webinar>;

export const WebinarResponse = z.strictObject({ webinar: Webinar });

export const StudentWebinar = z
  .strictObject({
    _id: Id,
    title: z.string(),
    description: z.string(),
    startsAt: Iso,
    endsAt: Iso,
    lecturer: z.string().nullable(),
    levelId: Id.nullable(),
    attendanceRequired: z.boolean(),
    state: WebinarState,
    joinOpensAt: Iso.describe("15 minutes before the start"),
    joinUrl: z.string().nullable().describe("the meeting link, from joinOpensAt until the end; null otherwise"),
    joinPath: z.string().describe("the page that records the join and redirects to the meeting (GET)"),
    calendarPath: z.string().describe("this session as an iCalendar file"),
    recording: z.strictObject({ playbackUrl: z.string(), expiresAt: Iso }).nullable().describe("signed playback of the recording (past sessions)"),
  })
  .describe("Webinar (an enrolled student's view)");
export type StudentWebinar = z.infer<typeof StudentWebinar>;

export const StudentWebinarList = z.strictObject({
  upcoming: z.array(StudentWebinar).describe("not yet ended, soonest first (cancelled ones too, with state cancelled)"),
  past: z.array(StudentWebinar).describe("ended and held, newest first"),
  calendarFeedUrl: z.string().describe("the student's personal calendar feed (signed, revocable)"),
});
export type StudentWebinarList = z.infer<typeof StudentWebinarList>;

const errorsAdmin = ["unauthorized", "forbidden", "not_found", "validation"] as const;

export const webinarsApi: ApiArea = {
  schemas: { WebinarCreateRequest, WebinarPatchRequest, Webinar, StudentWebinar, StudentWebinarList },
  operations: [
    {
      method: "get",
      path: "/api/courses/{slug}/webinars",
      operationId: "listCourseWebinars",
      summary: "The course's live sessions for an enrolled student: upcoming (join URL from 15 minutes before the start) and past with recordings",
      tags: ["webinars"],
      auth: { kind: "session" },
      responses: { 200: { description: "the sessions", schema: StudentWebinarList } },
      errors: ["unauthorized", "no_enrollment", "not_found"],
    },
    {
      method: "post",
      path: "/api/admin/courses/{courseId}/webinars",
      operationId: "adminCreateWebinar",
      summary: "Schedules a webinar of the course (courseId: any version's id); the end after the start, the start in the future",
      tags: ["admin"],
      auth: { kind: "session", roles: ["content_manager", "admin"] },
      body: { contentType: "application/json", schema: WebinarCreateRequest },
      responses: { 201: { description: "scheduled", schema: WebinarResponse } },
      errors: [...errorsAdmin],
    },
    {
      method: "patch",
      path: "/api/admin/webinars/{webinarId}",
      operationId: "adminUpdateWebinar",
      summary: "Changes a scheduled webinar; a change of time or join URL raises its SEQUENCE and e-mails the enrolled students",
      tags: ["admin"],
      auth: { kind: "session", roles: ["content_manager", "admin"] },
      body: { contentType: "application/json", schema: WebinarPatchRequest },
      responses: { 200: { description: "changed", schema: WebinarResponse } },
      errors: [...errorsAdmin, "conflict"],
    },
    {
      method: "delete",
      path: "/api/admin/webinars/{webinarId}",
      operationId: "adminCancelWebinar",
      summary: "Cancels a webinar (kept, state cancelled) and e-mails the enrolled students a cancellation with the .ics (STATUS:CANCELLED, SEQUENCE raised)",
      tags: ["admin"],
      auth: { kind: "session", roles: ["content_manager", "admin"] },
      responses: { 200: { description: "cancelled", schema: WebinarResponse } },
      errors: ["unauthorized", "forbidden", "not_found", "conflict"],
    },
  ],
};
