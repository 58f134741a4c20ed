import { useSyncExternalStore } from "react"
import { type ConsentState, consent } from "./store"

/** The consent answer; every component reading it re-renders on a change. */
export const useConsent = (): ConsentState =>
  useSyncExternalStore(consent.subscribe, consent.get, consent.get)
