import { Effect } from "effect"
import { NotStaff } from "../accounts/errors.js"
import type { Principal, Role } from "../accounts/model.js"

/**
 * What a member of staff may do, as data (docs/decisions/0026).
 * Every staff use case asks `authorize` before it reads or writes, so the
 * rule holds for any service that imports core, not only for HTTP.
 */
export type Permission =
  /** Draw a live competition; read the waiting list. */
  | "DrawCompetitions"
  /** Main and instant-win winners: lists, notes, processed status. */
  | "ManageWinners"
  | "RecordPostalEntries"
  /** Create, edit, duplicate, publish, hide and delete competitions and their instant-win groups. */
  | "ManageCompetitions"
  /** Categories and attribute types. */
  | "ManageCatalogue"
  /** Images and image groups, including uploads. */
  | "ManageImages"
  /** Search, view and edit customers; adjust site credit; erase (UK GDPR). */
  | "ManageCustomers"
  /** Read every order; cancel and refund. */
  | "ManageOrders"
  /** Vouchers, promotions and clubs. */
  | "ManagePromotions"
  /** The Resources (content-*, config-site-styles, clubs) and static pages. */
  | "ManageContent"
  /** Read the back office's figures and everything staff need to see (every ticket's holder). */
  | "ViewBackOffice"
  /** Create, change and remove staff users and their roles. */
  | "ManageStaff"
  /** Read the audit log. */
  | "ViewAuditLog"
  /** Read the contact form's messages and mark them handled. */
  | "HandleContactMessages"
  /** Read harm signals and mark them reviewed with a note (decision 0044). */
  | "ReviewHarmSignals"
  /** Read complaints, log emailed ones, move their status with a note (decision 0044). */
  | "HandleComplaints"
  /** Read the money reports: settlements by day and provider (decision 0068). */
  | "ViewReports"

/** Staff run the shop; only an Admin manages staff and reads the audit log. */
const STAFF: readonly Permission[] = [
  "DrawCompetitions",
  "ManageWinners",
  "RecordPostalEntries",
  "ManageCompetitions",
  "ManageCatalogue",
  "ManageImages",
  "ManageCustomers",
  "ManageOrders",
  "ManagePromotions",
  "ManageContent",
  "ViewBackOffice",
  "HandleContactMessages",
  "ReviewHarmSignals",
  "HandleComplaints",
  // Reconciliation is everyday staff work, not an Admin's (decision 0068).
  "ViewReports",
]

/** The permission matrix: which role may do what. A customer may do none of it. */
export const PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  Customer: [],
  Staff: STAFF,
  Admin: [...STAFF, "ManageStaff", "ViewAuditLog"],
}

export const can = (principal: Principal, permission: Permission): boolean =>
  PERMISSIONS[principal.role].includes(permission)

/**
 * Fails with NotStaff unless the principal's role grants `permission`.
 * The HTTP edge answers NotStaff with 403 (401 needs no principal at all).
 */
export const authorize = (principal: Principal, permission: Permission) =>
  can(principal, permission) ? Effect.void : Effect.fail(new NotStaff())

/**
 * Who must show a second factor (TOTP or a recovery code) after their
 * password before any session is issued (decision 0032): an
 * Admin's session can manage staff and read everything, so a stolen
 * password alone must not be enough.
 */
export const needsSecondFactor = (role: Role): boolean => role === "Admin"

/**
 * Whose every call asks the database whether their session still stands
 * with the same role (decision 0063): staff, whose powers an Admin can take
 * away (removal, demotion, a second-factor reset) and must end at once, on
 * every server process. A customer's token is checked by signature alone.
 */
export const needsCurrentStanding = (role: Role): boolean => role !== "Customer"

/**
 * Whether a staff token still speaks for its holder: their session is still
 * there and their role now is the one it was issued for. A token with no
 * session named (issued before sessions were named) never stands for staff.
 */
export const standsNow = (issuedFor: Role, roleNow: Role | null): boolean =>
  roleNow !== null && roleNow === issuedFor
