import { serverCorrectedNow } from "@howzat/core/rules"
import { useSyncExternalStore } from "react"

/**
 * One shared one-second clock for every countdown on the page: a grid of
 * twenty tiles re-renders from one timer, not twenty.
 */
export const COUNTDOWN_REFRESH_MS = 1000

const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined
let now = 0

const wholeSecond = () => Math.floor(Date.now() / 1000) * 1000

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  if (timer === undefined) {
    now = wholeSecond()
    timer = setInterval(() => {
      now = wholeSecond()
      for (const l of listeners) l()
    }, COUNTDOWN_REFRESH_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

const snapshot = () => (timer === undefined ? wholeSecond() : now)

/** This browser's time, ticking each second. */
export const useClientNow = (): number => useSyncExternalStore(subscribe, snapshot, snapshot)

/** The server's time as best this browser knows it (docs/product/states.md: countdowns correct clock skew). */
export const useServerNow = (skewMs: number): Date =>
  serverCorrectedNow(new Date(useClientNow()), skewMs)

/**
 * What a component makes of the server's time, re-rendering only when that
 * changes, not each second: a tile's phase moves a few times in a
 * competition's life, while re-rendering every tile of Home each second was
 * most of its main-thread work after load (decision 0092). `select` must
 * answer a plain value (a string, a number), compared by identity.
 */
export const useServerNowAs = <T extends string | number | boolean | null>(
  skewMs: number,
  select: (now: Date) => T,
): T => {
  const read = () => select(serverCorrectedNow(new Date(snapshot()), skewMs))
  return useSyncExternalStore(subscribe, read, read)
}
