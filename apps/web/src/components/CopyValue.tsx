import { useEffect, useState } from "react"
import { copyText } from "../lib/clipboard"
import { Icon } from "./Icon"

const COPIED_FOR_MS = 3000

/**
 * A long value people check by eye or paste elsewhere (a hash, a command):
 * monospace, wrapping anywhere so it never widens a phone's screen, with a
 * copy button that says when it worked.
 */
export const CopyValue = ({
  label,
  value,
  copyLabel = "Copy",
}: {
  label: string
  value: string
  copyLabel?: string
}) => {
  const [copied, setCopied] = useState<boolean | null>(null)

  useEffect(() => {
    if (copied === null) return
    const timer = setTimeout(() => setCopied(null), COPIED_FOR_MS)
    return () => clearTimeout(timer)
  }, [copied])

  return (
    <div>
      <dt className="text-xs font-bold tracking-wider text-muted uppercase">{label}</dt>
      <dd className="mt-1 flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-lg bg-sunken px-3 py-2 font-mono text-sm break-all">
          {value}
        </code>
        <button
          type="button"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-line bg-card text-muted transition-colors hover:border-accent hover:text-accent"
          aria-label={`${copyLabel}: ${label}`}
          title={copyLabel}
          onClick={async () => setCopied(await copyText(value))}
        >
          <Icon name={copied ? "check" : "copy"} />
        </button>
        <span role="status" className="sr-only">
          {copied === true ? `${label} copied` : copied === false ? "Could not copy" : ""}
        </span>
      </dd>
    </div>
  )
}
