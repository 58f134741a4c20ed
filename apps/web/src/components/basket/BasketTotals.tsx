import type { BasketJson } from "@howzat/contracts/baskets"
import { formatMoney, pence } from "@howzat/core/rules"

/** Goods, every discount, the round-up and site credit, then what is left to pay. */
export const BasketTotals = ({ basket }: { basket: BasketJson }) => {
  const row = "flex items-baseline justify-between gap-4"
  return (
    <dl className="space-y-1.5 text-sm tabular-nums">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd>{formatMoney(pence(basket.itemTotal))}</dd>
      </div>
      {basket.discounts.map((discount) => (
        <div key={discount.description} className={`${row} text-accent`}>
          <dt>{discount.description}</dt>
          <dd>-{formatMoney(pence(discount.value))}</dd>
        </div>
      ))}
      {/* Only with a charity to receive it (lib/round-up.ts); money in the total is always itemised. */}
      {basket.charitableDonation.value > 0 ? (
        <div className={row}>
          <dt>Charity round-up</dt>
          <dd>{formatMoney(pence(basket.charitableDonation.value))}</dd>
        </div>
      ) : null}
      {basket.siteCreditDebitAmount > 0 ? (
        <div className={row}>
          <dt>Site credit</dt>
          <dd>-{formatMoney(pence(basket.siteCreditDebitAmount))}</dd>
        </div>
      ) : null}
      <div className={`${row} border-t border-line pt-2 text-base font-extrabold`}>
        <dt>TOTAL</dt>
        <dd>{formatMoney(pence(basket.basketTotal))}</dd>
      </div>
    </dl>
  )
}
