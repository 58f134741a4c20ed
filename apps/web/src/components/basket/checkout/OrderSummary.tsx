import type { BasketJson, VoucherChangeJson } from "@howzat/contracts/baskets"
import { VOUCHER_REPLACEMENT_PROBLEM } from "@howzat/contracts/problem-types"
import {
  formatMoney,
  normaliseVoucherCode,
  pence,
  promotionCodesText,
  voucherChangeMessage,
} from "@howzat/core/rules"
import { type FormEvent, useId, useState } from "react"
import { clearPromotions, registerPromotion, updateBasket } from "../../../api/baskets"
import { isApiError } from "../../../api/client"
import { changeBasket, reloadBasket } from "../../../basket/store"
import { basketErrorText, ticketItems } from "../../../lib/basket"
import { roundUpCharity } from "../../../lib/round-up"
import { FormMessage } from "../../forms/Fields"

const money = (amount: number) => formatMoney(pence(amount))

/** What the basket costs before site credit: goods, less discounts, plus the round-up. */
export const totalToPay = (basket: BasketJson) => basket.basketTotal + basket.siteCreditDebitAmount

const LineItems = ({ basket }: { basket: BasketJson }) => (
  <div className="overflow-x-auto">
    <table className="w-full text-sm">
      <caption className="sr-only">Your tickets</caption>
      <thead>
        <tr className="border-b border-line text-left text-xs tracking-wider text-muted">
          <th scope="col" className="py-2 pe-3 font-bold">
            COMPETITION
          </th>
          <th scope="col" className="px-3 py-2 text-end font-bold">
            QTY
          </th>
          <th scope="col" className="hidden px-3 py-2 text-end font-bold sm:table-cell">
            PRICE
          </th>
          <th scope="col" className="py-2 ps-3 text-end font-bold">
            TOTAL
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {ticketItems(basket).map((item) => {
          const d = item.competitionTicketDetails
          return (
            <tr key={item.id}>
              <th scope="row" className="py-3 pe-3 text-left font-semibold">
                {d.competition.name}
              </th>
              <td className="px-3 py-3 text-end tabular-nums">{d.quantity}</td>
              <td className="hidden px-3 py-3 text-end tabular-nums sm:table-cell">
                {money(d.price)}
              </td>
              <td className="py-3 ps-3 text-end tabular-nums">
                {item.lineTotal < item.preDiscountTotal ? (
                  <>
                    <span className="sr-only">Was </span>
                    <s className="me-2 text-muted">{money(item.preDiscountTotal)}</s>
                    <span className="sr-only">, now </span>
                  </>
                ) : null}
                <span className="font-bold">{money(item.lineTotal)}</span>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  </div>
)

/**
 * docs/product/states.md: yes rounds up to the next pound for the brand's charity, no takes
 * the donation off. Shown only when the brand has a charity (lib/round-up.ts).
 */
const RoundUp = ({ basket, charity }: { basket: BasketJson; charity: string }) => {
  const [problem, setProblem] = useState<string | null>(null)
  // The choice shows at once; the basket's answer (or a refusal) settles it.
  const [chosen, setChosen] = useState<boolean | null>(null)
  const name = useId()
  const roundingUp = chosen ?? basket.charitableDonation.autoRoundup
  const choose = (autoRoundup: boolean) => {
    setProblem(null)
    setChosen(autoRoundup)
    changeBasket((id) =>
      updateBasket(id, {
        charitableDonation: { autoRoundup },
        siteCreditDebitAmount: basket.siteCreditDebitAmount,
      }),
    )
      .catch((error: unknown) => setProblem(basketErrorText(error)))
      .finally(() => setChosen(null))
  }
  return (
    <fieldset className="space-y-3 rounded-xl bg-sunken p-4">
      <legend className="sr-only">Charity round-up</legend>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold">
          Round up your order to the next pound for {charity}?
          {basket.charitableDonation.value > 0 ? (
            <span className="ms-2 text-accent tabular-nums">
              +{money(basket.charitableDonation.value)}
            </span>
          ) : null}
        </p>
        <div className="flex gap-4">
          {[true, false].map((yes) => (
            <label key={String(yes)} className="flex min-h-11 items-center gap-2 font-bold">
              <input
                type="radio"
                name={name}
                className="size-5 accent-(--app-accent)"
                checked={roundingUp === yes}
                onChange={() => choose(yes)}
              />
              {yes ? "Yes" : "No"}
            </label>
          ))}
        </div>
      </div>
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
    </fieldset>
  )
}

/** A code that takes less off than the basket's: the customer chooses before anything changes. */
interface SmallerOffer {
  readonly code: string
  readonly text: string
}

/**
 * The voucher box, one code per order said aloud (docs/decisions/0076):
 * a new code takes the basket's code's place in one call, and the basket
 * says what replaced what; a code that would take less off is not applied
 * until the customer chooses to replace the one they have. A refused code
 * leaves the basket's code where it was. Only letters and digits are kept.
 */
const Voucher = ({ basket }: { basket: BasketJson }) => {
  const [code, setCode] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const [said, setSaid] = useState<string | null>(null)
  const [offer, setOffer] = useState<SmallerOffer | null>(null)
  const [sending, setSending] = useState(false)
  const id = useId()
  const current = basket.appliedPromotionCodes[0]?.code ?? null

  const send = async (wanted: string, replaces?: string) => {
    setProblem(null)
    setSaid(null)
    setOffer(null)
    setSending(true)
    const before = current
    // Set inside the queued call: what the shop said it did to the basket's code.
    const answered: { change: VoucherChangeJson | null } = { change: null }
    try {
      await changeBasket(async (basketId) => {
        if (!wanted) return clearPromotions(basketId)
        const answer = await registerPromotion(basketId, wanted, replaces)
        answered.change = answer.voucherChange
        return answer
      })
      setCode("")
      const message = wanted
        ? (answered.change?.message ?? null)
        : before === null
          ? null
          : voucherChangeMessage({ kind: "Removed", removed: before })
      setSaid(message)
    } catch (error) {
      if (isApiError(error) && error.type === VOUCHER_REPLACEMENT_PROBLEM) {
        setOffer({ code: wanted, text: error.detail })
      } else {
        setProblem(basketErrorText(error))
      }
      // Nothing changed on the shop's side; the basket on screen may be older than it.
      void reloadBasket()
    } finally {
      setSending(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void send(normaliseVoucherCode(code))
  }

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={id} className="field-label">
        Voucher code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className="field-input flex-1 uppercase"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          value={code}
          onChange={(event) => setCode(normaliseVoucherCode(event.target.value))}
          aria-describedby={`${id}-codes`}
        />
        <button type="submit" className="btn-outline" disabled={sending}>
          APPLY
        </button>
      </div>
      <p id={`${id}-codes`} role="status" className="text-sm text-muted">
        {promotionCodesText(basket.appliedPromotionCodes.map((c) => c.code))}
      </p>
      {said ? <FormMessage tone="success">{said}</FormMessage> : null}
      {offer ? (
        <div
          role="alert"
          className="space-y-3 rounded-xl border border-line bg-sunken px-4 py-3 text-sm"
          data-testid="voucher-offer"
        >
          <p className="font-medium">{offer.text}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={sending || current === null}
              onClick={() => void send(offer.code, current ?? undefined)}
            >
              Use {offer.code} instead
            </button>
            <button type="button" className="btn-outline" onClick={() => setOffer(null)}>
              Keep {current ?? "my code"}
            </button>
          </div>
        </div>
      ) : null}
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
    </form>
  )
}

/** The line items, discounts, round-up, voucher box and TOTAL TO PAY (docs/product/screens.md). */
export const OrderSummary = ({ basket }: { basket: BasketJson }) => {
  const charity = roundUpCharity()
  return (
    <section aria-labelledby="order-summary" className="card space-y-5 p-5 sm:p-6">
      <h2 id="order-summary" className="display-title text-xl">
        Your order
      </h2>
      <LineItems basket={basket} />
      {basket.discounts.length > 0 ? (
        <dl className="space-y-1 text-sm">
          {basket.discounts.map((discount) => (
            <div key={discount.description} className="flex justify-between text-accent">
              <dt>{discount.description}</dt>
              <dd className="tabular-nums">-{money(discount.value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {charity === null ? null : <RoundUp basket={basket} charity={charity} />}
      <Voucher basket={basket} />
      <p className="flex items-baseline justify-between border-t border-line pt-4 text-lg font-extrabold">
        <span>TOTAL TO PAY</span>
        <span className="tabular-nums" data-testid="total-to-pay">
          {money(totalToPay(basket))}
        </span>
      </p>
    </section>
  )
}
