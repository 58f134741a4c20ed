import { Link } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { getSpendLimit } from "../../api/spend-limits"
import { useCustomer } from "../../auth/use-session"
import { spendLimitTexts } from "../../lib/spend-limits"

/**
 * After a completed purchase, for a customer who has not answered the
 * spend-limit question yet (decision 0041: "prompted again after the first
 * completed purchase"). Says nothing when answered or when it cannot tell.
 */
export const SpendLimitPrompt = () => {
  const customer = useCustomer()
  const customerId = customer?.customerId ?? null
  const [unanswered, setUnanswered] = useState(false)
  useEffect(() => {
    if (customerId === null) return
    const abort = new AbortController()
    getSpendLimit(customerId, abort.signal)
      .then(({ spendLimit }) => setUnanswered(!spendLimit.answered))
      .catch(() => setUnanswered(false))
    return () => abort.abort()
  }, [customerId])
  if (!unanswered) return null
  return (
    <aside
      aria-labelledby="spend-limit-prompt-title"
      className="card mb-8 space-y-3 p-5 sm:p-6"
      data-testid="spend-limit-prompt"
    >
      <h2 id="spend-limit-prompt-title" className="display-title text-xl">
        {spendLimitTexts.unansweredTitle}
      </h2>
      <p className="text-muted">{spendLimitTexts.prompt}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/Account/SpendLimit" className="btn-primary">
          {spendLimitTexts.setLink}
        </Link>
        <Link to="/ResponsiblePlay" className="btn-outline">
          {spendLimitTexts.responsiblePlayLink}
        </Link>
      </div>
    </aside>
  )
}
