/**
 * The customer's session (docs/product/states.md), loaded on every page, so kept small and
 * free of React: a tiny store that the top bar, the tiles and the guards
 * read. The access token stays in memory (api/client.ts); the refresh token
 * is an httpOnly cookie only the server can read. docs/decisions/0005.
 */
import { nearExpiry, refreshDelay, tokenExpiresAt } from "@howzat/api-client"
import type { AuthResponseJson } from "@howzat/contracts/auth"
import { ApiError, api, setAccessToken, setTokenRefresh } from "../api/client"

export type SessionUser = AuthResponseJson["user"]

export type SessionState =
  /** The refresh made at start has not answered yet: nobody knows who this is. */
  | { readonly status: "starting" }
  | { readonly status: "anonymous" }
  | { readonly status: "customer"; readonly user: SessionUser }

/** docs/product/states.md: a login whose user has no customerId is logged out again and is a failed login. */
export class NotACustomerError extends Error {
  override readonly name = "NotACustomerError"
  constructor() {
    super("This account is not a customer account.")
  }
}

let state: SessionState = { status: "starting" }
const listeners = new Set<() => void>()
let expiresAt: number | undefined
let timer: ReturnType<typeof setTimeout> | undefined
let rotating: Promise<SessionUser> | undefined
let started: Promise<void> | undefined
let loggingOut: Promise<void> | undefined
/** Bumped by logout, so a refresh that answers afterwards cannot log the customer back in. */
let epoch = 0

const setState = (next: SessionState) => {
  state = next
  for (const listener of listeners) listener()
}

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getSession = (): SessionState => state

/**
 * A non-secret hint that this browser may hold a refresh cookie: set when a
 * login succeeds, cleared at logout and when the server refuses the cookie.
 * Without it, start-up makes no refresh call, so an anonymous visit costs no
 * request and no 401 in the console (docs/decisions/0016). Only "maybe a
 * session" is stored; the token itself stays in the httpOnly cookie. Where
 * storage is unavailable the start-up refresh is always tried, as before.
 */
const SESSION_HINT = "howzat-session"

const hintStore = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

const mayHaveSession = (): boolean => {
  try {
    return hintStore()?.getItem(SESSION_HINT) !== null
  } catch {
    return true
  }
}

const setSessionHint = (present: boolean) => {
  try {
    if (present) hintStore()?.setItem(SESSION_HINT, "1")
    else hintStore()?.removeItem(SESSION_HINT)
  } catch {
    // A full or blocked storage only costs a refresh call at the next start.
  }
}

const stopTimer = () => {
  clearTimeout(timer)
  timer = undefined
}

const clear = () => {
  stopTimer()
  setSessionHint(false)
  setAccessToken(undefined)
  expiresAt = undefined
  setState({ status: "anonymous" })
}

const revoke = async () => {
  try {
    await api.auth.revokeToken()
  } catch (error) {
    console.warn("Logging out on the server failed", error)
  }
}

const signIn = async (auth: AuthResponseJson): Promise<SessionUser> => {
  if (auth.user.customerId === null) {
    stopTimer()
    await revoke()
    clear()
    throw new NotACustomerError()
  }
  setAccessToken(auth.accessToken)
  setSessionHint(true)
  expiresAt = tokenExpiresAt(auth.accessToken)
  stopTimer()
  if (expiresAt !== undefined) {
    timer = setTimeout(
      () => {
        // Already logged with its body; no automatic logout (docs/product/errors.md).
        refreshSession().catch(() => {})
      },
      refreshDelay(expiresAt, Date.now()),
    )
  }
  setState({ status: "customer", user: auth.user })
  return auth.user
}

/**
 * Refresh tokens are single-use and rotated, and the server ends the whole
 * session when a spent one comes back. Two tabs refreshing at once would
 * send the same cookie twice, so refreshes queue on a lock that every tab of
 * this site shares (where the browser has Web Locks), and one tab never
 * runs two at a time.
 */
const withRefreshLock = async <T>(call: () => Promise<T>): Promise<T> => {
  const locks = globalThis.navigator?.locks
  return locks ? await locks.request("howzat-session-refresh", call) : call()
}

const rotate = (): Promise<SessionUser> => {
  if (!rotating) {
    const startedIn = epoch
    rotating = withRefreshLock(() => api.auth.refreshToken())
      .then(
        (auth) => {
          if (startedIn !== epoch) throw new Error("Logged out while the token was refreshed.")
          return signIn(auth)
        },
        (error: unknown) => {
          // The server has no session for this cookie; an unreachable server proves nothing.
          if (error instanceof ApiError && error.status === 401) setSessionHint(false)
          throw error
        },
      )
      .finally(() => {
        rotating = undefined
      })
  }
  return rotating
}

/** A new access token for the refresh cookie. A failure is logged and passed on, never a logout (docs/product/errors.md). */
export const refreshSession = (): Promise<SessionUser> =>
  rotate().catch((error: unknown) => {
    console.error("Refreshing the access token failed", error)
    throw error
  })

/** At app start: whoever the refresh cookie belongs to is logged in; a failure just means nobody. */
export const startSession = (): Promise<void> => {
  if (!started && !mayHaveSession()) {
    setState({ status: "anonymous" })
    started = Promise.resolve()
  }
  started ??= rotate().then(
    () => undefined,
    () => {
      if (getSession().status === "starting") setState({ status: "anonymous" })
    },
  )
  return started
}

/** Before a call that needs the customer: a token about to expire is refreshed first. */
export const ensureFreshToken = async (): Promise<void> => {
  if (state.status === "customer" && nearExpiry(expiresAt, Date.now())) await refreshSession()
}

// The API client renews the token this way before every call that reads the customer.
setTokenRefresh(ensureFreshToken)

export const login = async (email: string, password: string): Promise<SessionUser> =>
  signIn(await api.auth.authenticate({ payload: { email, password } }))

export const loginWithToken = async (token: string): Promise<SessionUser> =>
  signIn(await api.auth.authenticateByToken({ payload: { token } }))

/** Registration answers like a login (docs/product/states.md: registering logs the customer in). */
export const signInWith = (auth: AuthResponseJson): Promise<SessionUser> => signIn(auth)

/** After the customer renames themselves: the top bar shows the new name without a refresh. */
export const updateSessionUser = (change: Pick<SessionUser, "firstName" | "lastName">): void => {
  if (state.status === "customer")
    setState({ status: "customer", user: { ...state.user, ...change } })
}

const settling = new Set<() => Promise<unknown>>()

/**
 * Work sent under the customer's token that logout lets answer before it ends
 * the session: the server checks the session on every call, so a basket load
 * still on its way when the revoke lands would be refused as a stranger's.
 */
export const settleBeforeLogout = (inFlight: () => Promise<unknown>): (() => void) => {
  settling.add(inFlight)
  return () => settling.delete(inFlight)
}

/** Ends the session here and on the server; going home is the caller's part (useLogout). */
export const logout = (): Promise<void> => {
  loggingOut ??= (async () => {
    epoch += 1
    stopTimer()
    await rotating?.catch(() => {})
    await Promise.allSettled([...settling].map((inFlight) => inFlight()))
    await revoke()
    clear()
  })().finally(() => {
    loggingOut = undefined
  })
  return loggingOut
}
