import { type ReactNode, useEffect, useRef } from "react"
import { focusOrigin, restoreFocus } from "../lib/focus"

/**
 * A slide-in panel on a native modal <dialog>: the browser traps focus,
 * closes it on Escape and makes the page behind it inert. Clicking the
 * backdrop closes it too, and focus goes back where it came from, or where
 * `returnFocusTo` says (lib/focus.ts).
 */
export const Drawer = ({
  id,
  open,
  onClose,
  side,
  labelledBy,
  returnFocusTo,
  children,
}: {
  id: string
  open: boolean
  onClose: () => void
  side: "left" | "right"
  labelledBy: string
  /** Given what opened the panel (if anything still known), the element to focus after. */
  returnFocusTo?: (opener: HTMLElement | null) => Element | null
  children: ReactNode
}) => {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (open && !d.open) {
      opener.current = focusOrigin()
      d.showModal()
    } else if (!open && d.open) {
      d.close()
    }
  }, [open])

  // A change inside the open panel can take the focused control with it (removing
  // a basket line removes its − button): focus then stays in the panel.
  useEffect(() => {
    if (dialog.current?.open && document.activeElement === document.body) restoreFocus()
  })

  const handleClose = () => {
    onClose()
    const back = opener.current
    restoreFocus(returnFocusTo ? returnFocusTo(back) : back, back)
    opener.current = null
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape already closes a modal dialog; the click is for the backdrop only.
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={labelledBy}
      className={`drawer ${side === "right" ? "drawer-right" : "drawer-left"}`}
      // React passes a nested dialog's close up through the component tree (the
      // basket's removal confirmation sits inside the basket panel): only our own counts.
      onClose={(event) => {
        if (event.target === event.currentTarget) handleClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close()
      }}
    >
      <div className="flex h-full flex-col">{children}</div>
    </dialog>
  )
}
