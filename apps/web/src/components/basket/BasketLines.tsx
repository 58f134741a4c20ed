import type { BasketTicketItemJson } from "@howzat/contracts/baskets"
import { formatMoney, pence, selectorMax } from "@howzat/core/rules"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import { removeBasketItem, setBasketItemQuantity } from "../../api/baskets"
import { changeBasket } from "../../basket/store"
import { useBasketState } from "../../basket/use-basket"
import { basketErrorText, basketTexts, ticketItems } from "../../lib/basket"
import { competitionImages, phaseAt, skewFrom } from "../../lib/competition"
import { useServerNow } from "../../lib/now"
import { Countdown } from "../Countdown"
import { Dialog } from "../Dialog"
import { Icon } from "../Icon"

const stepButton =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-full border-2 border-line bg-card transition-colors enabled:hover:border-accent enabled:hover:text-accent disabled:opacity-40"

/** How many more the customer may hold in this competition, beyond what the line has. */
const roomFor = (item: BasketTicketItemJson, now: Date): number => {
  const d = item.competitionTicketDetails
  return selectorMax({
    phase: phaseAt(d.competition, now).phase,
    totalTickets: d.competition.totalTickets,
    ticketsSold: d.competition.ticketsSoldToDate,
    maxPerPerson: d.competition.maxTicketsPerCustomer,
    boughtToDate: d.customerBoughtToDateTicketQuantity,
    inBasket: d.quantity,
  })
}

const Line = ({
  item,
  busy,
  onQuantity,
  onRemove,
  onNavigate,
}: {
  item: BasketTicketItemJson
  busy: boolean
  onQuantity: (quantity: number) => void
  onRemove: () => void
  onNavigate?: () => void
}) => {
  const d = item.competitionTicketDetails
  const c = d.competition
  const [skew] = useState(() => skewFrom(c.currentDateTimeUtc, Date.now()))
  const now = useServerNow(skew)
  const deadline = new Date(c.closeDateTimeUtc)
  const image = competitionImages(c)[0]
  const discounted = item.lineTotal < item.preDiscountTotal
  const quantityId = `basket-quantity-${item.id}`
  return (
    <li className="flex gap-3 py-4">
      {image ? (
        <img
          src={image.url}
          alt=""
          loading="lazy"
          className="size-16 shrink-0 rounded-xl object-cover sm:size-20"
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-2">
          <Link
            to="/Competitions/Competition/$competitionId"
            params={{ competitionId: c.id }}
            onClick={onNavigate}
            className="font-bold leading-snug hover:text-accent"
          >
            {c.name}
          </Link>
          <button
            type="button"
            className="icon-btn -me-2 -mt-2 shrink-0"
            aria-label={`Remove ${c.name} from your basket`}
            disabled={busy}
            onClick={onRemove}
          >
            <Icon name="close" className="size-4.5" />
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <fieldset className="flex items-center gap-2">
            <legend className="sr-only">Tickets for {c.name}</legend>
            <button
              type="button"
              className={stepButton}
              aria-label={`One ticket fewer for ${c.name}`}
              disabled={busy}
              onClick={() => onQuantity(d.quantity - 1)}
            >
              <Icon name="minus" className="size-4" />
            </button>
            <output
              id={quantityId}
              aria-live="polite"
              className="min-w-8 text-center text-lg font-extrabold tabular-nums"
            >
              {d.quantity}
              <span className="sr-only"> {d.quantity === 1 ? "ticket" : "tickets"}</span>
            </output>
            <button
              type="button"
              className={stepButton}
              aria-label={`One more ticket for ${c.name}`}
              disabled={busy || roomFor(item, now) === 0}
              onClick={() => onQuantity(d.quantity + 1)}
            >
              <Icon name="plus" className="size-4" />
            </button>
          </fieldset>
          <p className="text-end tabular-nums">
            {discounted ? (
              <>
                <span className="sr-only">Was </span>
                <s className="me-2 text-sm text-muted">
                  {formatMoney(pence(item.preDiscountTotal))}
                </s>
                <span className="sr-only">, now </span>
              </>
            ) : null}
            <span className="text-lg font-extrabold">{formatMoney(pence(item.lineTotal))}</span>
          </p>
        </div>
        <div>
          <p className="mb-1 text-[0.7rem] font-bold tracking-wider text-muted">
            COMPETITION CLOSES IN
          </p>
          <Countdown deadline={deadline > now ? deadline : null} now={now} />
        </div>
      </div>
    </li>
  )
}

/**
 * The basket's lines with their quantity buttons (docs/product/screens.md), shared by the
 * slide-in panel and /Basket. Going to 0, by − or the remove button, asks
 * first; every change goes through the store one at a time.
 */
export const BasketLines = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { basket, busy } = useBasketState()
  const [confirming, setConfirming] = useState<BasketTicketItemJson | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const run = (call: (basketId: string) => ReturnType<typeof removeBasketItem>) => {
    setProblem(null)
    changeBasket(call).catch((error: unknown) => setProblem(basketErrorText(error)))
  }

  const setQuantity = (item: BasketTicketItemJson, quantity: number) => {
    if (quantity <= 0) setConfirming(item)
    else run((id) => setBasketItemQuantity(id, item.id, quantity))
  }

  if (!basket || ticketItems(basket).length === 0) return null

  return (
    <>
      {problem ? (
        <p
          role="alert"
          className="mb-2 rounded-xl border border-leather-500/40 bg-leather-500/10 px-4 py-3 text-sm font-medium text-leather-600 dark:text-red-300"
        >
          {problem}
        </p>
      ) : null}
      <ul className="divide-y divide-line" aria-busy={busy || undefined}>
        {ticketItems(basket).map((item) => (
          <Line
            key={item.id}
            item={item}
            busy={busy}
            onQuantity={(quantity) => setQuantity(item, quantity)}
            onRemove={() => setConfirming(item)}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      <Dialog
        open={confirming !== null}
        title="Remove from basket?"
        onClose={() => setConfirming(null)}
        actions={
          <>
            <button type="button" className="btn-outline" onClick={() => setConfirming(null)}>
              {basketTexts.removeNo}
            </button>
            <button
              type="button"
              className="btn-primary min-w-24"
              onClick={() => {
                const item = confirming
                setConfirming(null)
                if (item) run((id) => removeBasketItem(id, item.id))
              }}
            >
              {basketTexts.removeYes}
            </button>
          </>
        }
      >
        <p>{basketTexts.removeQuestion}</p>
        {confirming ? (
          <p className="font-semibold">{confirming.competitionTicketDetails.competition.name}</p>
        ) : null}
      </Dialog>
    </>
  )
}
