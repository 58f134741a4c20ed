import { type ReactNode, useEffect, useId, useRef } from "react"
import { brand } from "../brand"
import type { DialogContent } from "../lib/error-text"
import { focusOrigin, restoreFocus } from "../lib/focus"
import { Icon } from "./Icon"

/**
 * A message in a native modal <dialog>: the browser traps focus, closes it
 * on Escape and makes the page behind inert; focus returns to where it was
 * (lib/focus.ts: also when the button that opened it was disabled meanwhile).
 */
export const Dialog = ({
  open,
  title,
  onClose,
  children,
  actions,
  tone = "info",
}: {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Buttons or links under the message; an OK button when left out. */
  actions?: ReactNode
  tone?: "info" | "error" | "success"
}) => {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const bodyId = useId()

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

  const handleClose = () => {
    onClose()
    restoreFocus(opener.current)
    opener.current = null
  }

  const icon = tone === "success" ? "check" : "info"
  const iconClass =
    tone === "error"
      ? "bg-leather-500/10 text-leather-600 dark:text-red-400"
      : "bg-accent-soft text-accent"

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={handleClose}
    >
      <div className="flex items-start gap-4 p-6 sm:p-7">
        <span
          className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full ${iconClass}`}
        >
          <Icon name={icon} className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="display-title text-2xl">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 space-y-2 text-fg">
            {children}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-line px-6 py-4">
        {actions ?? (
          <button
            type="button"
            className="btn-primary min-w-24"
            onClick={() => dialog.current?.close()}
          >
            OK
          </button>
        )}
      </div>
    </dialog>
  )
}

/** Renders docs/product/errors.md's formatted lines: text as paragraphs, field messages as bullets. */
export const DialogLines = ({ content }: { content: DialogContent }) => {
  const groups: { kind: "text" | "bullet"; texts: string[] }[] = []
  for (const line of content.lines) {
    const last = groups.at(-1)
    if (last && last.kind === "bullet" && line.kind === "bullet") last.texts.push(line.text)
    else groups.push({ kind: line.kind, texts: [line.text] })
  }
  return (
    <>
      {groups.map((group, i) =>
        group.kind === "bullet" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one message never move.
          <ul key={i} className="list-disc space-y-1 ps-5">
            {group.texts.map((text, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <li key={j}>{text}</li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <p key={i}>{group.texts[0]}</p>
        ),
      )}
      {content.showResponsiblePlay ? (
        <p>
          Support and advice are on our{" "}
          <a
            className="font-semibold text-accent underline underline-offset-2"
            href="/ResponsiblePlay"
          >
            Responsible play
          </a>{" "}
          page.
        </p>
      ) : null}
      {content.links && content.links.length > 0 ? (
        <ul className="space-y-1">
          {content.links.map((link) => (
            <li key={link.href}>
              <a
                className="font-semibold text-accent underline underline-offset-2"
                href={link.href}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {content.showContact ? (
        <p>
          Need a hand? Email us at{" "}
          <a
            className="font-semibold text-accent underline underline-offset-2"
            href={`mailto:${brand.customerCareEmail}`}
          >
            {brand.customerCareEmail}
          </a>
          .
        </p>
      ) : null}
    </>
  )
}

/** The generic error dialog (docs/product/errors.md); open while `content` is set. */
export const ErrorDialog = ({
  content,
  onClose,
}: {
  content: DialogContent | null
  onClose: () => void
}) => (
  <Dialog open={content !== null} title={content?.title ?? "Error"} onClose={onClose} tone="error">
    {content ? <DialogLines content={content} /> : null}
  </Dialog>
)
