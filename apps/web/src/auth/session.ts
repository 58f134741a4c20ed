/**
 * The customer's session (docs/product/states.md) in the storefront's words:
 * the shared session of @howzat/api-client (docs/decisions/0100), created in
 * api/client.ts, loaded on every page, so kept small and free of React. The
 * top bar, the tiles and the guards read it.
 */
import type { SessionUser } from "@howzat/api-client"
import type { AuthResponseJson } from "@howzat/contracts/auth"
import { api, session } from "../api/client"

export type { SessionState, SessionUser } from "@howzat/api-client"
export { NotACustomerError } from "../api/client"

export const subscribeSession = session.subscribe
export const getSession = session.getState

/** A new access token for the refresh cookie. A failure is logged and passed on, never a logout (docs/product/errors.md). */
export const refreshSession = session.refresh

/** At app start: whoever the refresh cookie belongs to is logged in; a failure just means nobody. */
export const startSession = session.start

/** Before a call that needs the customer: a token about to expire is refreshed first. */
export const ensureFreshToken = session.ensureFreshToken

export const login = async (email: string, password: string): Promise<SessionUser> =>
  session.signIn(await api.auth.authenticate({ payload: { email, password } }))

export const loginWithToken = async (token: string): Promise<SessionUser> =>
  session.signIn(await api.auth.authenticateByToken({ payload: { token } }))

/** Registration answers like a login (docs/product/states.md: registering logs the customer in). */
export const signInWith = (auth: AuthResponseJson): Promise<SessionUser> => session.signIn(auth)

/** After the customer renames themselves: the top bar shows the new name without a refresh. */
export const updateSessionUser = session.updateUser

/**
 * Work sent under the customer's token that logout lets answer before it ends
 * the session: the server checks the session on every call, so a basket load
 * still on its way when the revoke lands would be refused as a stranger's.
 */
export const settleBeforeLogout = session.settleBeforeSignOut

/** Ends the session here and on the server; going home is the caller's part (useLogout). */
export const logout = session.signOut
