// Request and response shapes of the club page's JSON twin (docs/decisions/clubs/club-seats.md > Club
// seats; docs/api.md > Clubs). Extensions of the spec: it names no club endpoints.
import { z } from "zod";
import { Id } from "../kernel/contract";
import type { ApiArea } from "../http/openapi";

const IsoString = z.string().describe("ISO 8601 date-time (UTC)");

export const SeatAssignment = z.strictObject({
  _id: Id,
  orderId: Id,
  courseId: Id,
  personId: z.string().nullable(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  state: z.enum(["pending", "enrolled"]).describe("pending: waits for the address's first sign-in; enrolled: an enrollment (reason sponsor) exists"),
  enrollmentId: Id.nullable(),
  enrollmentState: z.string().nullable(),
  started: z.boolean().describe("the person has begun learning: the seat can no longer be taken back"),
  assignedAt: IsoString,
});
export type SeatAssignment = z.infer<typeof SeatAssignment>;

export const ClubCourseSeats = z.strictObject({
  courseId: Id.describe("the course (its first version's id, as on orders)"),
  courseTitle: z.string(),
  courseSlug: z.string(),
  bought: z.int().min(0),
  assigned: z.int().min(0),
  returned: z.int().min(0).describe("seats refunded"),
  free: z.int().min(0),
  assignments: z.array(SeatAssignment),
});
export type ClubCourseSeats = z.infer<typeof ClubCourseSeats>;

export const ClubSeatsResponse = z.strictObject({ orgId: z.string(), orgName: z.string(), courses: z.array(ClubCourseSeats) });
export type ClubSeatsResponse = z.infer<typeof ClubSeatsResponse>;

export const AssignSeatBody = z
  .strictObject({
    courseId: Id,
    personId: z.string().trim().min(1).max(128).optional(),
    email: z.email("Zadajte platnú e-mailovú adresu.").max(254).optional(),
  })
  .refine((b) => (b.personId ? 1 : 0) + (b.email ? 1 : 0) === 1, { message: "Uveďte buď personId, alebo email.", path: ["personId"] });
export type AssignSeatBody = z.infer<typeof AssignSeatBody>;

export const ClubCertificate = z.strictObject({
  registrationNumber: z.string(),
  type: z.string(),
  issuedAt: IsoString,
  verificationUrl: z.string(),
});

export const ClubProgressRow = z.strictObject({
  enrollmentId: Id,
  personId: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  courseId: Id,
  courseTitle: z.string(),
  state: z.string(),
  percent: z.int().min(0).max(100).describe("completed modules of all modules, rounded down"),
  lastActivityAt: IsoString.nullable(),
  completedAt: IsoString.nullable(),
  hours: z.number().min(0).describe("the course's accredited hours"),
  passedTests: z.int().min(0),
  certificates: z.array(ClubCertificate),
});
export type ClubProgressRow = z.infer<typeof ClubProgressRow>;

export const ClubProgressResponse = z.strictObject({ orgId: z.string(), orgName: z.string(), data: z.array(ClubProgressRow) });
export type ClubProgressResponse = z.infer<typeof ClubProgressResponse>;

const orgId = z.string();
const refusals = ["unauthorized", "forbidden", "identity_provider_unavailable"] as const;

export const clubsApi: ApiArea = {
  schemas: { SeatAssignment, ClubCourseSeats, ClubSeatsResponse, AssignSeatBody, ClubCertificate, ClubProgressRow, ClubProgressResponse },
  operations: [
    {
      method: "get",
      path: "/api/orgs/{orgId}/seats",
      operationId: "getClubSeats",
      summary: "Extension: per course the seats the club bought, assigned and free, with the assignments (the org's club_admin or executive_director only)",
      tags: ["clubs"],
      auth: { kind: "session" },
      pathParams: { orgId },
      responses: { 200: { description: "the club's seats", schema: ClubSeatsResponse } },
      errors: [...refusals],
    },
    {
      method: "post",
      path: "/api/orgs/{orgId}/seats/assignments",
      operationId: "assignClubSeat",
      summary:
        "Extension: gives a free seat to a member (personId) or an e-mail address; an enrollment (reason sponsor) at once when the provider knows the person",
      tags: ["clubs"],
      auth: { kind: "session" },
      pathParams: { orgId },
      body: { contentType: "application/json", schema: AssignSeatBody },
      responses: { 201: { description: "the assignment", schema: SeatAssignment } },
      errors: [...refusals, "validation", "seats_exhausted", "already_enrolled", "conflict"],
    },
    {
      method: "delete",
      path: "/api/orgs/{orgId}/seats/assignments/{assignmentId}",
      operationId: "revokeClubSeat",
      summary: "Extension: takes back a seat whose person has not started (the enrollment is cancelled); 409 seat_started afterwards",
      tags: ["clubs"],
      auth: { kind: "session" },
      pathParams: { orgId, assignmentId: Id },
      responses: { 204: { description: "taken back" } },
      errors: [...refusals, "not_found", "seat_started"],
    },
    {
      method: "get",
      path: "/api/orgs/{orgId}/progress",
      operationId: "getClubProgress",
      summary: "Extension: progress of the enrollments the club sponsored (never members' own purchases); ?format=csv for the semicolon CSV with BOM",
      tags: ["clubs"],
      auth: { kind: "session" },
      pathParams: { orgId },
      responses: { 200: { description: "per member and course", schema: ClubProgressResponse } },
      errors: [...refusals],
    },
  ],
};
