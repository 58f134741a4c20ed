import { useEffect, useState } from "react"
import { copyText } from "../../lib/clipboard"
import { Icon, type IconName } from "../Icon"

const COPIED_FOR_MS = 3000

const circle =
  "inline-flex size-11 items-center justify-center rounded-full border border-line bg-card text-muted transition-colors hover:border-accent hover:text-accent"

/** Facebook, WhatsApp and email sharing, and a copy-link control that confirms with "LINK COPIED!". */
export const ShareLinks = ({ name }: { name: string }) => {
  const [copied, setCopied] = useState(false)
  const url = window.location.href.split("#")[0] ?? window.location.href

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const links: { label: string; icon: IconName; href: string }[] = [
    {
      label: "Share on Facebook",
      icon: "facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    },
    {
      label: "Share on WhatsApp",
      icon: "whatsapp",
      href: `https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}`,
    },
    {
      label: "Share by email",
      icon: "mail",
      href: `mailto:?subject=${encodeURIComponent(name)}&body=${encodeURIComponent(`Take a look at this competition: ${name}\n${url}`)}`,
    },
  ]

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="me-1 text-xs font-bold tracking-wider text-muted uppercase">Share</span>
      {links.map((link) => (
        <a
          key={link.label}
          href={link.href}
          className={circle}
          aria-label={link.label}
          title={link.label}
          {...(link.icon === "mail" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
        >
          <Icon name={link.icon} />
        </a>
      ))}
      <button
        type="button"
        className={circle}
        aria-label="Copy link"
        title="Copy link"
        onClick={async () => setCopied(await copyText(url))}
      >
        <Icon name={copied ? "check" : "link"} />
      </button>
      <span role="status" className="text-xs font-extrabold tracking-wider text-accent">
        {copied ? "LINK COPIED!" : ""}
      </span>
    </div>
  )
}
