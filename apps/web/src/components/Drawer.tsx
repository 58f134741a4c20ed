import { type ReactNode, useEffect, useRef } from "react"

/**
 * A slide-in panel on a native modal <dialog>: the browser traps focus,
 * closes it on Escape and makes the page behind it inert. Clicking the
 * backdrop closes it too, and focus goes back where it came from.
 */
export const Drawer = ({
  id,
  open,
  onClose,
  side,
  labelledBy,
  children,
}: {
  id: string
  open: boolean
  onClose: () => void
  side: "left" | "right"
  labelledBy: string
  children: ReactNode
}) => {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (open && !d.open) {
      opener.current = document.activeElement
      d.showModal()
    } else if (!open && d.open) {
      d.close()
    }
  }, [open])

  const handleClose = () => {
    onClose()
    const back = opener.current
    if (back instanceof HTMLElement && back.isConnected) back.focus()
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
