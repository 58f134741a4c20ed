/**
 * The staff screen's filters as typed search params, and its words. The
 * API filters by Role and by name or address; the screen offers Role and
 * an email search.
 */
import { stripInvalidEmailCharacters, validateEmail } from "@howzat/core/rules"
import { oneOf, pageParam, textParam } from "./search"

/**
 * The new colleague's address judged as the server judges it (core's
 * StaffAccounts.add: stray whitespace stripped, then validateEmail), so the
 * form never passes an address the server refuses, nor words it differently.
 */
export const newStaffEmailError = (value: string): string | undefined =>
  validateEmail(stripInvalidEmailCharacters(value))

export const STAFF_ROLES = ["Staff", "Admin"] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export interface StaffSearch {
  readonly page?: number
  readonly role?: StaffRole
  readonly email?: string
}

const role = oneOf(...STAFF_ROLES)

export const staffSearch = (search: Record<string, unknown>): StaffSearch => ({
  page: pageParam(search.page),
  role: role(search.role),
  email: textParam(search.email),
})

/** The list call's parameters for a search. */
export const staffListParams = (search: StaffSearch) => ({
  Role: search.role,
  EmailAddress: search.email,
  PageNumber: search.page,
})

export const roleDescription: Record<StaffRole, string> = {
  Staff: "runs the shop: competitions, orders, customers, draws, content",
  Admin: "everything Staff do, and manages staff and reads the audit log",
}
