import { formatMoney, pence } from "@howzat/core/rules"
import { Link } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { getSignposting } from "../../api/complaints"

/**
 * Shown on the account pages while any harm signal fires for the customer
 * (decision 0044): calm, no accusation, the month's spend and where to find
 * help and the shop's own tools. Nothing shows while it loads or if it fails:
 * the panel is help, not a gate.
 */
export const ResponsiblePlayPanel = ({ customerId }: { customerId: string }) => {
  const [spend, setSpend] = useState<number | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getSignposting(customerId, controller.signal).then(
      ({ signposting }) => setSpend(signposting.show ? signposting.spendThisMonthPence : null),
      () => setSpend(null),
    )
    return () => controller.abort()
  }, [customerId])
  if (spend === null) return null
  return (
    <aside
      aria-labelledby="responsible-play-panel"
      className="mb-6 rounded-2xl border border-line bg-card p-5 text-sm"
    >
      <h2 id="responsible-play-panel" className="mb-2 font-bold text-base">
        Keeping it fun
      </h2>
      <p className="mb-3 text-muted">
        You've spent {formatMoney(pence(spend))} with us this month. It's worth taking a moment to
        check that still feels right. You can set a spend limit or take a break at any time, and
        free, confidential help is there if you'd like to talk to someone.
      </p>
      <ul className="flex flex-wrap gap-x-5 gap-y-2">
        <li>
          {/* Plain links: the other responsible-play account pages (decisions 0041, 0043). */}
          <a href="/Account/SpendLimit" className="font-bold underline underline-offset-4">
            Set a spend limit
          </a>
        </li>
        <li>
          <a href="/Account/TakeABreak" className="font-bold underline underline-offset-4">
            Take a break
          </a>
        </li>
        <li>
          <Link to="/ResponsiblePlay" className="font-bold underline underline-offset-4">
            Responsible play
          </Link>
        </li>
        <li>
          <a
            href="https://www.gamcare.org.uk"
            target="_blank"
            rel="noopener noreferrer"
            className="font-bold underline underline-offset-4"
          >
            GamCare<span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          <a href="tel:08088020133" className="underline underline-offset-4">
            0808 8020 133
          </a>
        </li>
        <li>
          <a
            href="https://www.begambleaware.org"
            target="_blank"
            rel="noopener noreferrer"
            className="font-bold underline underline-offset-4"
          >
            BeGambleAware<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </aside>
  )
}
