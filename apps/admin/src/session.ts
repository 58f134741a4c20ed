/**
 * The staff member's session in the back office's words: the shared session
 * of @howzat/api-client (docs/decisions/0100), created in api.ts, with the
 * same auth calls as the storefront (decision 0026). A customer account
 * signing in here is refused and signed out.
 */
import { session } from "./api"

export type { SessionState, SessionUser as StaffUser } from "@howzat/api-client"
export { NotStaffError } from "./api"

export const subscribeSession = session.subscribe
export const getSession = session.getState

/** Takes an AuthResponse: staff are signed in, anybody else is signed out again. */
export const signIn = session.signIn

/** At start: whoever the refresh cookie belongs to, if staff, is signed in. */
export const startSession = session.start

export const signOut = session.signOut

/** A call answered 401 although we thought we were signed in: the session is over. */
export const sessionLost = session.sessionLost
