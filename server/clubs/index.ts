// Clubs area (issue 30; docs/decisions/clubs/club-seats.md > Club seats): a club admin's seats (assign by
// name or e-mail, take back), the club's progress and its CSV, the billing it buys with.
// It sits above orders (seat counts), enrollments and learning (the seat's enrollment) and
// identity (the live org-admin check); the admin batch reaches it through this door.
export {
  requireClubAdmin,
  administeredClubs,
  searchClubMembers,
  listClubSeats,
  assignSeat,
  revokeSeat,
  claimSeatInvitations,
  takeSeatsForBatch,
  findSeatAssignment,
  hasStarted,
  type Club,
  type ClubDeps,
} from "./seats";
export { clubProgress, clubProgressCsv } from "./progress";
export { clubBillingDefaults, rememberClubBilling, type ClubBillingForm } from "./billing";
export { clubsApi, AssignSeatBody, SeatAssignment, ClubSeatsResponse, ClubCourseSeats, ClubProgressResponse, ClubProgressRow } from "./contract";
