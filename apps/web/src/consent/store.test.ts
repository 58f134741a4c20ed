import { describe, expect, it } from "vitest"
import { ACCEPT_ALL, CONSENT_VERSION, REJECT_ALL } from "./consent"
import { type ConsentStorage, createConsentStore } from "./store"

const memory = (initial: string | null = null): ConsentStorage & { value: string | null } => {
  const store = {
    value: initial,
    read: () => store.value,
    write: (value: string) => {
      store.value = value
    },
  }
  return store
}

const at = new Date("2026-11-24T12:00:00Z")

describe("the consent store", () => {
  it("starts unanswered with nothing stored, and writes nothing until the visitor answers", () => {
    const storage = memory()
    const store = createConsentStore(storage, () => at)
    expect(store.get().decision).toBeNull()
    store.reopen()
    store.dismiss()
    expect(storage.value).toBeNull()
  })

  it("records an answer with the policy version and the date, and tells its listeners", () => {
    const storage = memory()
    const store = createConsentStore(storage, () => at)
    let heard = 0
    store.subscribe(() => heard++)
    store.decide(REJECT_ALL)
    expect(store.get().decision).toEqual({
      version: CONSENT_VERSION,
      decidedAt: at.toISOString(),
      statistics: false,
      marketing: false,
    })
    expect(JSON.parse(storage.value ?? "")).toEqual(store.get().decision)
    expect(heard).toBe(1)
  })

  it("remembers the answer on the next visit", () => {
    const storage = memory()
    createConsentStore(storage, () => at).decide(ACCEPT_ALL)
    const next = createConsentStore(storage, () => new Date(at.getTime() + 60_000))
    expect(next.get().decision).toMatchObject(ACCEPT_ALL)
  })

  it("reopens for a change and closes on an answer or a dismissal, keeping the answer", () => {
    const store = createConsentStore(memory(), () => at)
    store.decide(ACCEPT_ALL)
    store.reopen()
    expect(store.get()).toMatchObject({ reopened: true, decision: ACCEPT_ALL })
    store.dismiss()
    expect(store.get()).toMatchObject({ reopened: false, decision: ACCEPT_ALL })
    store.reopen()
    store.decide({ statistics: true, marketing: false })
    expect(store.get()).toMatchObject({
      reopened: false,
      decision: { statistics: true, marketing: false },
    })
  })

  it("takes another tab's answer on refresh, and its withdrawal too", () => {
    const storage = memory()
    const here = createConsentStore(storage, () => at)
    const there = createConsentStore(storage, () => at)
    there.decide(ACCEPT_ALL)
    here.refresh()
    expect(here.get().decision).toMatchObject(ACCEPT_ALL)
    there.decide(REJECT_ALL)
    here.refresh()
    expect(here.get().decision).toMatchObject(REJECT_ALL)
  })
})
