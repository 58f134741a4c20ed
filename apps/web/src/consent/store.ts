/**
 * This browser's consent answer (decision 0040), shared by the banner, the
 * footer's "Cookie settings" and the tracking gate: a tiny store read with
 * useSyncExternalStore, free of React so it can be tested alone. Another
 * tab's answer arrives through the storage event, so withdrawing in one
 * tab stops tracking in every tab at once.
 */
import {
  CONSENT_STORAGE_KEY,
  type ConsentChoice,
  type ConsentRecord,
  consentRecord,
  readConsentRecord,
} from "./consent"

export interface ConsentState {
  /** The answer that holds, or null while the visitor has not answered (or must again). */
  readonly decision: ConsentRecord | null
  /** The banner is open to change an earlier answer (footer's "Cookie settings"). */
  readonly reopened: boolean
}

export interface ConsentStorage {
  read(): string | null
  write(value: string): void
}

export interface ConsentStore {
  readonly get: () => ConsentState
  readonly subscribe: (listener: () => void) => () => void
  /** Records an answer (accept all, reject all or a chosen set) and closes the banner. */
  readonly decide: (choice: ConsentChoice) => void
  /** Opens the banner again to change the answer. */
  readonly reopen: () => void
  /** Closes a reopened banner without changing the answer. */
  readonly dismiss: () => void
  /** Re-reads the stored answer (another tab changed it). */
  readonly refresh: () => void
}

export const createConsentStore = (
  storage: ConsentStorage,
  now: () => Date = () => new Date(),
): ConsentStore => {
  let state: ConsentState = { decision: readConsentRecord(storage.read(), now()), reopened: false }
  const listeners = new Set<() => void>()
  const set = (next: ConsentState) => {
    if (next.decision === state.decision && next.reopened === state.reopened) return
    state = next
    for (const listener of listeners) listener()
  }
  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    decide: (choice) => {
      const record = consentRecord(choice, now())
      // Even when storage refuses, the answer holds for this page: it is never ignored.
      storage.write(JSON.stringify(record))
      set({ decision: record, reopened: false })
    },
    reopen: () => set({ ...state, reopened: true }),
    dismiss: () => set({ ...state, reopened: false }),
    refresh: () => {
      const decision = readConsentRecord(storage.read(), now())
      const same =
        decision !== null &&
        state.decision !== null &&
        decision.decidedAt === state.decision.decidedAt &&
        decision.statistics === state.decision.statistics &&
        decision.marketing === state.decision.marketing
      if (!same) set({ ...state, decision })
    },
  }
}

/** localStorage, which can be missing or refuse (private windows, full quota). */
const browserStorage: ConsentStorage = {
  read: () => {
    try {
      return globalThis.localStorage?.getItem(CONSENT_STORAGE_KEY) ?? null
    } catch {
      return null
    }
  },
  write: (value) => {
    try {
      globalThis.localStorage?.setItem(CONSENT_STORAGE_KEY, value)
    } catch {
      // The answer still holds in this tab; the next visit asks again.
    }
  },
}

/** The storefront's one store. */
export const consent: ConsentStore = createConsentStore(browserStorage)

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) consent.refresh()
  })
}
