import { useRouter } from "@tanstack/react-router"
import { useCallback, useRef, useState } from "react"

export interface Action<A extends unknown[], R> {
  readonly run: (...args: A) => Promise<R | undefined>
  readonly pending: boolean
  readonly error: unknown
  readonly reset: () => void
}

/**
 * A write from a screen: one at a time (a second click while the first is
 * on its way does nothing), its failure kept for the screen to show, and the
 * screen's data loaded again after it succeeds so nothing stale is left.
 */
export const useAction = <A extends unknown[], R>(
  write: (...args: A) => Promise<R>,
  options: { readonly reload?: boolean } = {},
): Action<A, R> => {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const running = useRef(false)
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      if (running.current) return undefined
      running.current = true
      setPending(true)
      setError(undefined)
      try {
        const result = await write(...args)
        if (options.reload !== false) await router.invalidate()
        return result
      } catch (failure) {
        setError(failure)
        return undefined
      } finally {
        running.current = false
        setPending(false)
      }
    },
    [write, router, options.reload],
  )
  return { run, pending, error, reset: () => setError(undefined) }
}
