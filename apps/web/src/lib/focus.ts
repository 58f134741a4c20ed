/**
 * Where focus goes back to when a dialog or panel closes. The element that
 * opened it is the natural place, but it is often gone by then: a button that
 * was disabled while it worked ("Add to basket", LOGIN) drops focus to the
 * page body before the dialog opens, and Chromium then has nothing to return
 * to. So the last element that held focus is remembered, and the caller may
 * name a better place.
 */

let lastFocused: HTMLElement | null = null

if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (event.target instanceof HTMLElement) lastFocused = event.target
    },
    true,
  )
}

/** Call as a dialog opens: the element focus should go back to. */
export const focusOrigin = (): HTMLElement | null => {
  const active = document.activeElement
  if (active instanceof HTMLElement && active !== document.body) return active
  return lastFocused?.isConnected ? lastFocused : null
}

const FOCUSABLE =
  'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

const tryFocus = (candidate: Element | null | undefined): boolean => {
  if (!(candidate instanceof HTMLElement) || !candidate.isConnected) return false
  candidate.focus()
  return document.activeElement === candidate
}

/**
 * Focuses the first candidate that can take focus now (connected, enabled,
 * visible). When none can: the first control of a modal dialog still open
 * underneath (the basket panel under its removal confirmation, where the
 * page behind is inert), else the page's main landmark; never the body.
 */
export const restoreFocus = (...candidates: readonly (Element | null | undefined)[]) => {
  if (candidates.some(tryFocus)) return
  const underneath = [...document.querySelectorAll("dialog[open]")].at(-1)
  if (underneath) {
    if ([...underneath.querySelectorAll(FOCUSABLE)].some(tryFocus)) return
  }
  document.getElementById("main")?.focus({ preventScroll: true })
}

/**
 * After a submit the rules refused: focus (and so scroll to) the first field
 * marked invalid, once the messages it and the others now show are drawn.
 */
export const focusFirstInvalid = (container: HTMLElement | null): void => {
  requestAnimationFrame(() => {
    const first = container?.querySelector<HTMLElement>('[aria-invalid="true"]')
    first?.focus()
  })
}
