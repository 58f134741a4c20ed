/**
 * The signed-in session every app keeps, written once (docs/decisions/0100):
 * the access token in memory only, never in storage a script injected into
 * the page could read later; the refresh token in the httpOnly cookie only
 * the server reads (docs/decisions/0005); the token renewed a minute before
 * it expires and before any call made too close to expiry; the XSRF cookie
 * echoed on calls that change something (docs/product/api.md). Each app
 * hands in only what differs: whose accounts it serves, the key of its
 * "maybe signed in" hint, and what it logs.
 */
import type { AuthResponseJson } from "@howzat/contracts/auth"
import { type ApiClient, createApiClient } from "./client"
import { ApiError } from "./problem"
import { nearExpiry, refreshDelay, tokenExpiresAt } from "./token"
import { readCookie, XSRF_COOKIE } from "./xsrf"

export type SessionUser = AuthResponseJson["user"]

export type SessionState =
  /** The refresh made at start has not answered yet: nobody knows who this is. */
  | { readonly status: "starting" }
  | { readonly status: "signedOut" }
  | { readonly status: "signedIn"; readonly user: SessionUser }

export interface SessionOptions {
  /**
   * The localStorage key of the non-secret hint "this browser may hold a
   * refresh cookie". Without it, start-up makes no refresh call, so a visit
   * that never signed in costs no request and no 401 (docs/decisions/0016).
   * Each app its own, so signing out of one leaves the other's hint alone.
   */
  readonly hintKey: string
  /** Whose accounts this app serves; anybody else is signed out again at once. */
  readonly admits: (user: SessionUser) => boolean
  /** What a sign-in of an account the app does not admit fails with. */
  readonly refused: () => Error
  /** Told of a failed refresh asked for by a call or the timer (never of the one at start). */
  readonly onRefreshFailed?: (error: unknown) => void
  /** Told when the server could not be told of a sign-out; this browser signs out all the same. */
  readonly onRevokeFailed?: (error: unknown) => void
  /** Where the API lives; "" (the page's own origin) by default. */
  readonly baseUrl?: string
  /** Defaults to the global fetch, looked up at each call. */
  readonly fetch?: typeof fetch
  /** The page's cookies, for the XSRF token; `document.cookie` by default. */
  readonly cookies?: () => string
}

export interface Session {
  /** The API client that carries this session's token and XSRF header. */
  readonly api: ApiClient
  readonly getState: () => SessionState
  readonly subscribe: (listener: () => void) => () => void
  /** At app start: whoever the refresh cookie belongs to is signed in; a failure means nobody. */
  readonly start: () => Promise<void>
  /** Takes an AuthResponse (login, registration, second factor): admitted, or signed out and refused. */
  readonly signIn: (auth: AuthResponseJson) => Promise<SessionUser>
  /** A new access token for the refresh cookie; its failure is reported and passed on, never a sign-out. */
  readonly refresh: () => Promise<SessionUser>
  /** Before a call that reads the caller: a token about to expire is refreshed first. */
  readonly ensureFreshToken: () => Promise<void>
  /** After the user renames themselves: whoever shows the name sees the new one. */
  readonly updateUser: (change: Partial<Pick<SessionUser, "firstName" | "lastName">>) => void
  /** Work sent under the token that sign-out lets answer before it ends the session. */
  readonly settleBeforeSignOut: (inFlight: () => Promise<unknown>) => () => void
  /** Ends the session here and on the server. */
  readonly signOut: () => Promise<void>
  /** A call answered 401 although we thought we were signed in: the session is over here too. */
  readonly sessionLost: (error: unknown) => boolean
}

/**
 * Refresh tokens are single-use and rotated, and the server ends the whole
 * session when a spent one comes back. Two tabs refreshing at once would send
 * the same cookie twice, so refreshes queue on a lock every tab of the origin
 * shares (where the browser has Web Locks); within a tab, one refresh is
 * shared by everyone who asks while it runs.
 */
const withRefreshLock = async <T>(call: () => Promise<T>): Promise<T> => {
  const locks = globalThis.navigator?.locks
  return locks ? await locks.request("howzat-session-refresh", call) : call()
}

/** The hint in localStorage; where storage is blocked, start-up always tries the refresh. */
const sessionHint = (key: string) => ({
  get: (): boolean => {
    try {
      return (globalThis.localStorage ?? null)?.getItem(key) !== null
    } catch {
      return true
    }
  },
  set: (present: boolean): void => {
    try {
      if (present) globalThis.localStorage?.setItem(key, "1")
      else globalThis.localStorage?.removeItem(key)
    } catch {
      // A full or blocked storage only costs a refresh call at the next start.
    }
  },
})

const pageCookies = (): string => (typeof document === "undefined" ? "" : document.cookie)

export const createSession = (options: SessionOptions): Session => {
  const baseUrl = options.baseUrl ?? ""
  const cookies = options.cookies ?? pageCookies
  const hint = sessionHint(options.hintKey)

  /** In memory only (docs/decisions/0005). */
  let accessToken: string | undefined
  let state: SessionState = { status: "starting" }
  const listeners = new Set<() => void>()
  let expiresAt: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let rotating: Promise<SessionUser> | undefined
  let started: Promise<void> | undefined
  let signingOut: Promise<void> | undefined
  /** Bumped by sign-out, so a refresh answering afterwards cannot sign the user back in. */
  let epoch = 0
  const settling = new Set<() => Promise<unknown>>()

  /**
   * The server hands out the XSRF cookie with GET responses (the page itself
   * usually brought it). If it is missing, one cheap GET fetches it first;
   * not a catalogue read: those are public answers any cache may share, so
   * they carry no cookie.
   */
  const xsrfToken = async (): Promise<string | undefined> => {
    const token = readCookie(cookies(), XSRF_COOKIE)
    if (token || typeof document === "undefined") return token
    try {
      await (options.fetch ?? globalThis.fetch)(`${baseUrl}/health/ping`, {
        credentials: "same-origin",
      })
    } catch {
      // The call that follows fails with the real reason.
    }
    return readCookie(cookies(), XSRF_COOKIE)
  }

  const api = createApiClient({
    baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    session: {
      accessToken: () => accessToken,
      refresh: () => ensureFreshToken(),
      xsrfToken,
    },
  })

  const setState = (next: SessionState) => {
    state = next
    for (const listener of listeners) listener()
  }

  const stopTimer = () => {
    clearTimeout(timer)
    timer = undefined
  }

  const clear = () => {
    stopTimer()
    hint.set(false)
    accessToken = undefined
    expiresAt = undefined
    setState({ status: "signedOut" })
  }

  const revoke = async () => {
    try {
      await api.auth.revokeToken()
    } catch (error) {
      options.onRevokeFailed?.(error)
    }
  }

  const signIn = async (auth: AuthResponseJson): Promise<SessionUser> => {
    if (!options.admits(auth.user)) {
      // The refused account's token is never held; its refresh cookie is revoked.
      stopTimer()
      await revoke()
      clear()
      throw options.refused()
    }
    accessToken = auth.accessToken
    hint.set(true)
    expiresAt = tokenExpiresAt(auth.accessToken)
    stopTimer()
    if (expiresAt !== undefined) {
      timer = setTimeout(
        // Already reported; no automatic sign-out (docs/product/errors.md).
        () => void refresh().catch(() => {}),
        refreshDelay(expiresAt, Date.now()),
      )
    }
    setState({ status: "signedIn", user: auth.user })
    return auth.user
  }

  const rotate = (): Promise<SessionUser> => {
    if (!rotating) {
      const startedIn = epoch
      rotating = withRefreshLock(() => api.auth.refreshToken())
        .then(
          (auth) => {
            if (startedIn !== epoch) throw new Error("Signed out while the token was refreshed.")
            return signIn(auth)
          },
          (error: unknown) => {
            // The server has no session for this cookie; an unreachable server proves nothing.
            if (error instanceof ApiError && error.status === 401) hint.set(false)
            throw error
          },
        )
        .finally(() => {
          rotating = undefined
        })
    }
    return rotating
  }

  const refresh = (): Promise<SessionUser> =>
    rotate().catch((error: unknown) => {
      options.onRefreshFailed?.(error)
      throw error
    })

  const ensureFreshToken = async (): Promise<void> => {
    if (state.status === "signedIn" && nearExpiry(expiresAt, Date.now())) await refresh()
  }

  const start = (): Promise<void> => {
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

  const signOut = (): Promise<void> => {
    signingOut ??= (async () => {
      epoch += 1
      stopTimer()
      await rotating?.catch(() => {})
      // The server checks the session on every call: work still on its way
      // when the revoke lands would be refused as a stranger's.
      await Promise.allSettled([...settling].map((inFlight) => inFlight()))
      await revoke()
      clear()
    })().finally(() => {
      signingOut = undefined
    })
    return signingOut
  }

  return {
    api,
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start,
    signIn,
    refresh,
    ensureFreshToken,
    updateUser: (change) => {
      if (state.status === "signedIn")
        setState({ status: "signedIn", user: { ...state.user, ...change } })
    },
    settleBeforeSignOut: (inFlight) => {
      settling.add(inFlight)
      return () => settling.delete(inFlight)
    },
    signOut,
    sessionLost: (error) => {
      if (error instanceof ApiError && error.status === 401 && state.status === "signedIn") {
        clear()
        return true
      }
      return false
    },
  }
}
