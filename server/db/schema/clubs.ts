// Club seats: who a club gave its bought seats to, and the billing it buys with.
// docs/decisions/clubs/club-seats.md > Club seats (issue 30).
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idPk, idRef, ts, updatedAt } from "./columns";
import { orders } from "./commerce";

/** pending: given to an e-mail the provider does not know yet; enrolled: an enrollment exists; revoked: taken back */
export const seatAssignmentState = pgEnum("seat_assignment_state", ["pending", "enrolled", "revoked"]);

export const seatAssignments = pgTable(
  "seat_assignments",
  {
    id: idPk(),
    orderId: idRef("order_id")
      .notNull()
      .references(() => orders.id),
    orgId: text("org_id").notNull(),
    /** the course chain's first version (as orders.course_id) */
    courseId: idRef("course_id").notNull(),
    personId: text("person_id"),
    /** lower-case; the address a pending seat waits for */
    email: text("email"),
    displayName: text("display_name"),
    enrollmentId: idRef("enrollment_id"),
    state: seatAssignmentState("state").notNull(),
    assignedBy: text("assigned_by").notNull(),
    revokedAt: ts("revoked_at"),
    revokedBy: text("revoked_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("seat_assignments_order_idx").on(t.orderId, t.state),
    index("seat_assignments_org_idx").on(t.orgId, t.courseId),
    index("seat_assignments_email_idx")
      .on(t.email)
      .where(sql`${t.state} = 'pending'`),
    check("seat_assignments_someone", sql`${t.personId} is not null or ${t.email} is not null`),
  ],
);

/** The billing a club bought with last: the next club purchase starts from it. */
export const clubBilling = pgTable("club_billing", {
  orgId: text("org_id").primaryKey(),
  billing: jsonb("billing").$type<Record<string, unknown>>().notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: updatedAt(),
});
