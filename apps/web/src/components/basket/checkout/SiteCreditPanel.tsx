import type { BasketJson } from "@howzat/contracts/baskets"
import { formatMoney, pence } from "@howzat/core/rules"
import { useId, useState } from "react"
import { updateBasket } from "../../../api/baskets"
import { changeBasket } from "../../../basket/store"
import { basketErrorText, poundsText, siteCreditFromText } from "../../../lib/basket"
import { roundUpToSend } from "../../../lib/round-up"
import { FormMessage } from "../../forms/Fields"

/**
 * Paying part or all of the basket with site credit (docs/product/screens.md, only with a
 * balance above 0). The amount is clamped as typed is applied (docs/product/validation.md) and
 * the box then shows what the server applied.
 */
export const SiteCreditPanel = ({ basket }: { basket: BasketJson }) => {
  const id = useId()
  const [text, setText] = useState(() => poundsText(pence(basket.siteCreditDebitAmount)))
  const [problem, setProblem] = useState<string | null>(null)
  const apply = async () => {
    setProblem(null)
    const amount = siteCreditFromText(text, basket)
    try {
      const updated = await changeBasket((basketId) =>
        updateBasket(basketId, {
          charitableDonation: { autoRoundup: roundUpToSend(basket.charitableDonation.autoRoundup) },
          siteCreditDebitAmount: amount,
        }),
      )
      setText(poundsText(pence(updated.siteCreditDebitAmount)))
    } catch (error) {
      setProblem(basketErrorText(error))
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-4 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="display-title text-xl">
        Site credit
      </h2>
      <p>
        You have{" "}
        <strong className="tabular-nums">{formatMoney(pence(basket.siteCreditAvailable))}</strong>{" "}
        of site credit to spend.
      </p>
      {/* Not a <form>: it sits inside the checkout's form, and Enter here applies the credit. */}
      <div className="space-y-2">
        <label htmlFor={id} className="field-label">
          Site credit to use (£)
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            className="field-input flex-1 tabular-nums"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value.replace(/[^0-9.]/g, ""))}
            onBlur={() => setText(poundsText(siteCreditFromText(text, basket)))}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return
              event.preventDefault()
              void apply()
            }}
          />
          <button type="button" className="btn-outline" onClick={() => void apply()}>
            APPLY
          </button>
        </div>
        {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      </div>
    </section>
  )
}
