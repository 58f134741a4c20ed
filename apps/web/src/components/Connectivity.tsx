import { useRouter } from "@tanstack/react-router"
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react"
import { probeApi } from "../api/catalogue"
import {
  type Connectivity,
  connectivityAfterProbe,
  connectivityMessages,
  nextProbeDelay,
} from "../lib/connectivity"
import { MessagePage } from "./MessagePage"

const RecheckContext = createContext<() => void>(() => {})

/** Lets a page that failed to load ask the layout to check whether the API is there at all. */
export const useRecheckConnectivity = () => useContext(RecheckContext)

/**
 * Watches the browser's network state and probes the API (docs/product/states.md). When
 * things come back the router reloads the current page's data, so the page
 * returns by itself.
 */
const useConnectivity = () => {
  const router = useRouter()
  const [state, setState] = useState<Connectivity>(() => (navigator.onLine ? "online" : "offline"))
  const current = useRef(state)
  const failedProbes = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const probing = useRef(false)

  const settle = useCallback(
    (next: Connectivity) => {
      const recovered = current.current !== "online" && next === "online"
      current.current = next
      setState(next)
      if (recovered) void router.invalidate()
    },
    [router],
  )

  const check = useCallback(async () => {
    clearTimeout(timer.current)
    if (probing.current) return
    probing.current = true
    let ok = false
    if (navigator.onLine) {
      try {
        await probeApi()
        ok = true
      } catch {
        ok = false
      }
    }
    probing.current = false
    const next = connectivityAfterProbe(navigator.onLine, ok)
    if (next === "online") {
      failedProbes.current = 0
    } else {
      failedProbes.current += 1
      timer.current = setTimeout(check, nextProbeDelay(failedProbes.current))
    }
    settle(next)
  }, [settle])

  useEffect(() => {
    void check()
    const offline = () => {
      settle("offline")
      failedProbes.current = Math.max(failedProbes.current, 1)
      clearTimeout(timer.current)
      timer.current = setTimeout(check, nextProbeDelay(failedProbes.current))
    }
    const online = () => void check()
    window.addEventListener("offline", offline)
    window.addEventListener("online", online)
    return () => {
      window.removeEventListener("offline", offline)
      window.removeEventListener("online", online)
      clearTimeout(timer.current)
    }
  }, [check, settle])

  return { state, check }
}

/**
 * Shows the page, or instead of it the offline or technical-difficulties
 * message. The page stays mounted underneath, only hidden: a blip (a train
 * tunnel, or a first probe that timed out on a slow connection) must not
 * wipe a form the customer was half-way through typing.
 */
export const ConnectivityGate = ({ children }: { children: ReactNode }) => {
  const { state, check } = useConnectivity()
  const recheck = useCallback(() => void check(), [check])
  const online = state === "online"
  return (
    <RecheckContext.Provider value={recheck}>
      {online ? null : (
        <OutageMessage text={connectivityMessages[state]} offline={state === "offline"} />
      )}
      <div className={online ? "contents" : "hidden"}>{children}</div>
    </RecheckContext.Provider>
  )
}

const OutageMessage = ({ text, offline }: { text: string; offline: boolean }) => (
  <MessagePage icon={offline ? "wifiOff" : "clock"}>
    <p role="alert" className="text-xl font-semibold text-balance">
      {text}
    </p>
    <p className="mt-3 text-sm text-muted">
      This page will come back by itself as soon as we can reach the shop again.
    </p>
  </MessagePage>
)
