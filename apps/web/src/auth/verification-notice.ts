import { useSyncExternalStore } from "react"

/**
 * "We've sent a verification email": said once registering has signed the
 * customer in and the page has moved on, and kept (for this tab, across a
 * reload) until dismissed, verified or logged out. Only the address and
 * whose it is are kept; nothing secret.
 */
export interface VerificationNotice {
  readonly customerId: string
  readonly email: string
}

const KEY = "howzat-verification-sent"

const read = (): VerificationNotice | null => {
  try {
    const raw = sessionStorage.getItem(KEY)
    if (raw === null) return null
    const parsed = JSON.parse(raw) as Partial<VerificationNotice>
    return typeof parsed.customerId === "string" && typeof parsed.email === "string"
      ? { customerId: parsed.customerId, email: parsed.email }
      : null
  } catch {
    return null
  }
}

let notice: VerificationNotice | null = typeof sessionStorage === "undefined" ? null : read()
const listeners = new Set<() => void>()

const set = (next: VerificationNotice | null) => {
  notice = next
  try {
    if (next === null) sessionStorage.removeItem(KEY)
    else sessionStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    // Storage refused (private mode): the notice still shows until the page is left.
  }
  for (const listener of listeners) listener()
}

export const announceVerificationSent = (customerId: string, email: string): void =>
  set({ customerId, email })

export const dismissVerificationNotice = (): void => {
  if (notice !== null) set(null)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const snapshot = () => notice

export const useVerificationNotice = (): VerificationNotice | null =>
  useSyncExternalStore(subscribe, snapshot, snapshot)
