/**
 * The one basket of this browser (docs/product/states.md basket flow), shared by the top
 * bar, the panel, the ticket selector, /Basket and /Checkout: a tiny store
 * read with useSyncExternalStore, free of React so it can be tested alone.
 *
 * The basket lives on the server; this browser keeps only its id, in
 * localStorage under "BasketId", in plain text (docs/decisions/0007: a key
 * shipped in the same bundle would protect nothing). Every change answers
 * with the whole basket, which replaces ours. Other tabs hear of a change
 * through the storage event and reload.
 */
import type { BasketJson, BasketResponseJson } from "@howzat/contracts/baskets"
import { BASKET_CHECKED_OUT_PROBLEM } from "@howzat/contracts/problem-types"
import { createBasket, followBasket, loadBasket, logBasketError } from "../api/baskets"
import { isApiError } from "../api/client"
import {
  getSession,
  type SessionState,
  settleBeforeLogout,
  startSession,
  subscribeSession,
} from "../auth/session"
import { basketChanges } from "../tracking/basket-events"
import { marketingEvents } from "../tracking/index"

export const BASKET_ID_KEY = "BasketId"
/** Bumped after every change so other tabs reload even when the id stays the same. */
export const BASKET_STAMP_KEY = "BasketChanged"
/**
 * Whose the kept basket is: the customer id it was last used under, or ""
 * for a visitor's. A customer's basket is theirs alone (decision 0017): once
 * they log out, or their session lapses, this browser must not ask for it
 * again (the server would answer 404), so it starts a new basket instead.
 */
export const BASKET_OWNER_KEY = "BasketOwner"

export interface BasketState {
  /** "error": neither the stored basket nor a new one could be had (the API is down). */
  readonly status: "idle" | "loading" | "ready" | "error"
  readonly basket: BasketJson | null
  /** A change is on its way to the server. */
  readonly busy: boolean
  readonly panelOpen: boolean
}

let state: BasketState = { status: "idle", basket: null, busy: false, panelOpen: false }
const listeners = new Set<() => void>()

const setState = (change: Partial<BasketState>) => {
  state = { ...state, ...change }
  for (const listener of listeners) listener()
}

export const getBasketState = (): BasketState => state

export const subscribeBasket = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Storage can be missing or refuse (private windows, full quota): the basket then lasts one tab. */
const storage = {
  read: (key: string): string | null => {
    try {
      return globalThis.localStorage?.getItem(key) ?? null
    } catch {
      return null
    }
  },
  write: (key: string, value: string) => {
    try {
      globalThis.localStorage?.setItem(key, value)
    } catch {
      // The basket still works in this tab.
    }
  },
}

/** The customer this browser is signed in as, "" for a visitor; undefined while the session starts. */
const currentOwner = (): string | undefined => {
  const customer = customerOf(getSession())
  return customer === undefined ? undefined : (customer ?? "")
}

const adopt = (basket: BasketJson, { announce }: { announce: boolean }): BasketJson => {
  if (storage.read(BASKET_ID_KEY) !== basket.id) storage.write(BASKET_ID_KEY, basket.id)
  // Used signed in, the server made it the customer's; a visitor's stays anyone's until then.
  const owner = currentOwner()
  if (owner !== undefined) storage.write(BASKET_OWNER_KEY, owner)
  if (announce) storage.write(BASKET_STAMP_KEY, `${basket.id}:${Date.now()}`)
  setState({ basket, status: "ready" })
  return basket
}

/** A new basket, replacing whatever id was kept (docs/product/errors.md: a load error creates a fresh one). */
const startFresh = async (): Promise<BasketJson> => {
  const { basket } = await createBasket()
  return adopt(basket, { announce: true })
}

let loading: Promise<BasketJson | null> | undefined
/**
 * Bumped as each change starts: a load that began before a change may
 * answer after it, with the basket as it was, and must not replace the
 * change's answer on screen (a voucher swapped, then shown as before).
 */
let changesStarted = 0

/**
 * Loads the kept basket, or creates one when there is none or it cannot be
 * loaded. Only an unreachable API leaves us without a basket.
 */
const reload = (): Promise<BasketJson | null> => {
  loading ??= (async () => {
    if (state.basket === null) setState({ status: "loading" })
    const id = storage.read(BASKET_ID_KEY)
    const owner = storage.read(BASKET_OWNER_KEY)
    const me = currentOwner()
    // Another customer's basket (or ours, now we are signed out) would only be refused.
    const someoneElses = owner !== null && owner !== "" && me !== undefined && owner !== me
    const changesBefore = changesStarted
    const overtaken = () => changesStarted !== changesBefore && state.basket !== null
    try {
      // Signed in: the customer's basket, which follows them from device to device.
      if (me) {
        try {
          const { basket } = await followBasket(id && !someoneElses ? id : null)
          if (overtaken()) return state.basket
          return adopt(basket, { announce: basket.id !== id })
        } catch (error) {
          if (isApiError(error) && error.unreachable) throw error
          logBasketError(error)
        }
      } else if (id && !someoneElses) {
        try {
          const { basket } = await loadBasket(id)
          if (overtaken()) return state.basket
          return adopt(basket, { announce: false })
        } catch (error) {
          if (isApiError(error) && error.unreachable) throw error
          logBasketError(error)
        }
      }
      return await startFresh()
    } catch (error) {
      console.error("The basket could not be loaded", error)
      setState({ status: state.basket === null ? "error" : "ready" })
      return null
    } finally {
      loading = undefined
    }
  })()
  return loading
}

/** Who the basket was last priced for: a login reprices it, a logout starts a new one. */
let pricedFor: string | null | undefined

const customerOf = (session: SessionState): string | null | undefined =>
  session.status === "starting"
    ? undefined
    : session.status === "signedIn"
      ? session.user.customerId
      : null

const onSessionChange = () => {
  const customer = customerOf(getSession())
  if (customer === undefined || customer === pricedFor) return
  const was = pricedFor
  pricedFor = customer
  if (was === undefined) return
  // Logging in: the same basket, now priced with the customer's purchases and credit.
  // Logging out: the basket is the customer's; whoever uses this browser next starts afresh.
  if (customer === null) void startFresh().catch(logBasketError)
  else {
    // A visitor's basket becomes the customer's as the signed-in load reaches the server.
    // Marked now, not when that load answers: a navigation may cancel the answer, and a
    // basket still marked anyone's would later be asked for signed out, and refused.
    if (!storage.read(BASKET_OWNER_KEY)) storage.write(BASKET_OWNER_KEY, customer)
    void reload()
  }
}

let started = false

/** Once, at app start: after the session's own start, so the first load is priced for the right person. */
export const startBasket = (): void => {
  if (started || typeof window === "undefined") return
  started = true
  subscribeSession(onSessionChange)
  // A logout right after the page opens (the Logout page) waits for the customer's basket.
  settleBeforeLogout(() => loading ?? Promise.resolve())
  window.addEventListener("storage", (event) => {
    if (event.key === BASKET_ID_KEY || event.key === BASKET_STAMP_KEY) void reload()
  })
  void startSession().then(() => {
    pricedFor = customerOf(getSession())
    return reload()
  })
}

/** The basket to change, waiting for the first load if it has not finished. */
const currentBasketId = async (): Promise<string> => {
  const basket = state.basket ?? (await reload())
  if (basket === null) throw new Error("The basket is not available right now.")
  return basket.id
}

const isCheckedOut = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.type === BASKET_CHECKED_OUT_PROBLEM

/** Tickets in and out of the basket, for marketing (sent only with consent: tracking/gate.ts). */
const reportChanges = (before: BasketJson | null, after: BasketJson): BasketJson => {
  const { added, removed } = basketChanges(before, after)
  for (const line of added) marketingEvents.basketItemAdded(line)
  for (const line of removed) marketingEvents.basketItemRemoved(line)
  return after
}

let queue: Promise<unknown> = Promise.resolve()

/**
 * One change at a time, in the order they were asked for: two quick presses
 * of + must not race and leave the older answer on screen. A failure is
 * logged (docs/product/errors.md) and passed on for the caller to show.
 */
export const changeBasket = (
  call: (basketId: string) => Promise<BasketResponseJson>,
  { replay = false }: { readonly replay?: boolean } = {},
): Promise<BasketJson> => {
  const run = async () => {
    changesStarted += 1
    setState({ busy: true })
    const before = state.basket
    try {
      try {
        const { basket } = await call(await currentBasketId())
        return reportChanges(before, adopt(basket, { announce: true }))
      } catch (error) {
        if (!isCheckedOut(error)) throw error
        // Checked out meanwhile (another tab, or before this page knew): the
        // basket is the order's now. Adding goes into a new basket; a change
        // to the old basket's lines has nothing left to change.
        const fresh = await startFresh()
        if (!replay) return fresh
        const { basket } = await call(fresh.id)
        return reportChanges(fresh, adopt(basket, { announce: true }))
      }
    } catch (error) {
      logBasketError(error)
      throw error
    } finally {
      setState({ busy: false })
    }
  }
  const result = queue.then(run, run)
  queue = result.catch(() => undefined)
  return result
}

/** Shows the basket that checkout answered with, as a change. */
export const replaceBasket = (basket: BasketJson): void => {
  adopt(basket, { announce: true })
}

/** After checkout the basket belongs to the order: this browser starts a new one. */
export const startNewBasket = (): Promise<BasketJson> => startFresh()

export const reloadBasket = (): Promise<BasketJson | null> => reload()

export const openBasketPanel = (): void => setState({ panelOpen: true })
export const closeBasketPanel = (): void => setState({ panelOpen: false })
