/**
 * The staff member's session: the same auth calls as the storefront
 * (decision 0026), kept in a tiny store the layout and the guard read. The
 * access token stays in memory (api.ts); the refresh token is the httpOnly
 * cookie. A customer account signing in here is refused and signed out.
 */
import { nearExpiry, refreshDelay, tokenExpiresAt } from "@howzat/api-client"
import type { AuthResponseJson } from "@howzat/contracts/auth"
import { ApiError, api, setAccessToken, setTokenRefresh } from "./api"

export type StaffUser = AuthResponseJson["user"]

export type SessionState =
  | { readonly status: "starting" }
  | { readonly status: "signedOut" }
  | { readonly status: "signedIn"; readonly user: StaffUser }

export class NotStaffError extends Error {
  override readonly name = "NotStaffError"
  constructor() {
    super("This is a customer account. Sign in with a staff account.")
  }
}

let state: SessionState = { status: "starting" }
const listeners = new Set<() => void>()
let expiresAt: number | undefined
let timer: ReturnType<typeof setTimeout> | undefined
let rotating: Promise<StaffUser> | undefined
let started: Promise<void> | undefined
/** Bumped by sign-out, so a refresh answering afterwards cannot sign the user back in. */
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
 * A non-secret "this browser may hold a staff refresh cookie", so a visit
 * that never signed in makes no refresh call and logs no 401 (as the
 * storefront does: docs/decisions/0016).
 */
const HINT = "howzat-staff-session"
const hint = {
  get: (): boolean => {
    try {
      return globalThis.localStorage?.getItem(HINT) !== null
    } catch {
      return true
    }
  },
  set: (present: boolean) => {
    try {
      if (present) globalThis.localStorage?.setItem(HINT, "1")
      else globalThis.localStorage?.removeItem(HINT)
    } catch {
      // Blocked storage only costs a refresh call at the next start.
    }
  },
}

const clear = () => {
  hint.set(false)
  clearTimeout(timer)
  timer = undefined
  setAccessToken(undefined)
  expiresAt = undefined
  setState({ status: "signedOut" })
}

const revoke = () => api.auth.revokeToken().catch(() => undefined)

/** Takes an AuthResponse: staff are signed in, anybody else is signed out again. */
export const signIn = async (auth: AuthResponseJson): Promise<StaffUser> => {
  if (auth.user.role === "Customer") {
    setAccessToken(auth.accessToken)
    await revoke()
    clear()
    throw new NotStaffError()
  }
  setAccessToken(auth.accessToken)
  hint.set(true)
  expiresAt = tokenExpiresAt(auth.accessToken)
  clearTimeout(timer)
  if (expiresAt !== undefined) {
    timer = setTimeout(() => void rotate().catch(() => {}), refreshDelay(expiresAt, Date.now()))
  }
  setState({ status: "signedIn", user: auth.user })
  return auth.user
}

/** Refreshes share a browser-wide lock: a refresh token is single-use, and tabs would race. */
const withRefreshLock = async <T>(call: () => Promise<T>): Promise<T> => {
  const locks = globalThis.navigator?.locks
  return locks ? await locks.request("howzat-session-refresh", call) : call()
}

const rotate = (): Promise<StaffUser> => {
  if (!rotating) {
    const startedIn = epoch
    rotating = withRefreshLock(() => api.auth.refreshToken())
      .then((auth) => {
        if (startedIn !== epoch) throw new Error("Signed out while the token was refreshed.")
        return signIn(auth)
      })
      .finally(() => {
        rotating = undefined
      })
  }
  return rotating
}

/** At start: whoever the refresh cookie belongs to, if staff, is signed in. */
export const startSession = (): Promise<void> => {
  if (!started && !hint.get()) {
    setState({ status: "signedOut" })
    started = Promise.resolve()
  }
  started ??= rotate().then(
    () => undefined,
    () => {
      if (state.status === "starting") setState({ status: "signedOut" })
    },
  )
  return started
}

const ensureFreshToken = async (): Promise<void> => {
  if (state.status === "signedIn" && nearExpiry(expiresAt, Date.now())) await rotate()
}
setTokenRefresh(ensureFreshToken)

export const signOut = async (): Promise<void> => {
  epoch += 1
  await revoke()
  clear()
}

/** A call answered 401 although we thought we were signed in: the session is over. */
export const sessionLost = (error: unknown): boolean => {
  if (error instanceof ApiError && error.status === 401 && state.status === "signedIn") {
    clear()
    return true
  }
  return false
}
