import type { CompetitionJson } from "@howzat/contracts/catalogue"
import {
  availableQuickPicks,
  CompetitionPhase,
  clampQuantity,
  competitionKindTexts,
  formatMoney,
  multiplyPence,
  oddsSaid,
  ordinalDateTime,
  pence,
  type SelectorState,
  selectorMax,
  selectorMessage,
} from "@howzat/core/rules"
import { useId, useState } from "react"
import { addBasketItem } from "../../api/baskets"
import { changeBasket, openBasketPanel } from "../../basket/store"
import { useBasketState } from "../../basket/use-basket"
import { basketErrorText, basketItemFor } from "../../lib/basket"
import { formatCount, makeOf } from "../../lib/competition"
import { Icon } from "../Icon"
import { useTicketsHeld } from "./use-tickets-held"

/** The slider runs from 1 in steps of 1, up to 100 at most; more is typed or picked. */
const SLIDER_MAX = 100

/** Said under the slider when the customer may add more than it reaches. */
export const sliderHint = (max: number) =>
  `Slider goes up to ${SLIDER_MAX}; type a bigger number in the box (up to ${formatCount(max)}).`

const stepButton =
  "inline-flex size-12 shrink-0 items-center justify-center rounded-full border-2 border-line bg-card text-fg transition-colors enabled:hover:border-accent enabled:hover:text-accent disabled:opacity-40"

/**
 * The chances `quantity` tickets buy, as the kind of competition allows
 * (core's oddsSaid): every ticket winning is said instead of odds, and a
 * competition with no main draw says so rather than quoting draw odds.
 */
const Odds = ({
  competition: c,
  quantity,
  canAddOne,
}: {
  competition: CompetitionJson
  quantity: number
  canAddOne: boolean
}) => {
  const said = oddsSaid(makeOf(c), quantity)
  const draw = said.mainDraw
  return (
    <>
      {said.everyTicketWins ? (
        <div className="col-span-2">
          <dt className="sr-only">Your odds</dt>
          <dd className="text-base font-extrabold text-accent">
            {competitionKindTexts.everyTicketWins}
          </dd>
        </div>
      ) : null}
      {draw ? (
        <>
          <div>
            <dt className="text-muted">
              {said.everyTicketWins || said.instantWinOneIn !== null
                ? "Your odds in the main draw"
                : "Your odds"}
            </dt>
            <dd className="text-base font-extrabold">1 in {formatCount(draw.oneIn)}</dd>
          </div>
          {canAddOne ? (
            <div>
              <dt className="text-muted">With one more ticket</dt>
              <dd className="text-base font-extrabold text-accent">
                1 in {formatCount(draw.withOneMore)}
              </dd>
            </div>
          ) : null}
        </>
      ) : (
        <div className="col-span-2">
          <dt className="sr-only">Main draw</dt>
          <dd className="font-semibold">{competitionKindTexts.noMainDraw}</dd>
        </div>
      )}
      {said.instantWinOneIn === null ? null : (
        <div className={draw ? "col-span-2" : undefined}>
          <dt className="text-muted">Instant-win odds per ticket</dt>
          <dd className="text-base font-extrabold">1 in {formatCount(said.instantWinOneIn)}</dd>
        </div>
      )}
    </>
  )
}

/**
 * Where the selector stands for this customer: the maximum and the
 * messages count the tickets already in the basket and the customer's
 * earlier ones (docs/product/validation.md), from the basket's line or,
 * without one, from the customer's own count (`counting` while it loads).
 */
const useSelectorState = (c: CompetitionJson, phase: CompetitionPhase) => {
  const { basket, busy } = useBasketState()
  const item = basketItemFor(basket, c.id)
  const earlier = useTicketsHeld(c.id)
  const state: SelectorState = {
    phase,
    totalTickets: c.totalTickets,
    ticketsSold: c.ticketsSoldToDate,
    maxPerPerson: c.maxTicketsPerCustomer,
    boughtToDate: item?.competitionTicketDetails.customerBoughtToDateTicketQuantity ?? earlier.held,
    inBasket: item?.competitionTicketDetails.quantity ?? 0,
  }
  return {
    busy,
    counting: item === undefined && earlier.pending,
    max: selectorMax(state),
    message: selectorMessage(state),
  }
}

/** Adding posts the item and opens the basket panel; a refusal is said under the button. */
const useAddTickets = (competitionId: string) => {
  const [adding, setAdding] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const add = async (quantity: number) => {
    setProblem(null)
    setAdding(true)
    try {
      await changeBasket((basketId) => addBasketItem(basketId, competitionId, quantity), {
        replay: true,
      })
      openBasketPanel()
      return true
    } catch (error) {
      setProblem(basketErrorText(error))
      return false
    } finally {
      setAdding(false)
    }
  }
  return { add, adding, problem }
}

/**
 * Quick picks, − and +, a number box and a slider, the total price and the
 * odds (docs/product/screens.md). A "blocked" message replaces the controls; an "info" one
 * sits under them.
 */
export const TicketSelector = ({
  competition: c,
  phase,
}: {
  competition: CompetitionJson
  phase: CompetitionPhase
}) => {
  const { busy, counting, max, message } = useSelectorState(c, phase)
  const [chosen, setChosen] = useState(() => Math.max(1, c.defaultTicketSaleQuantity))
  const [draft, setDraft] = useState<string | null>(null)
  const { add, adding, problem } = useAddTickets(c.id)
  const id = useId()
  const quantity = clampQuantity(chosen, 1, Math.max(1, max))

  if (message?.kind === "blocked")
    return <SelectorBlocked text={message.text} competition={c} phase={phase} />

  const set = (q: number) => {
    setChosen(clampQuantity(q, 1, max))
    setDraft(null)
  }

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-5 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="display-title text-lg">
        Choose your tickets
      </h2>
      <QuickPicks
        picks={availableQuickPicks(c.maxTicketsPerCustomer, max)}
        quantity={quantity}
        max={max}
        onPick={set}
      />
      <QuantityStepper
        quantity={quantity}
        max={max}
        draft={draft}
        onStep={set}
        onType={(text) => {
          setDraft(text)
          const n = Number(text)
          if (text.trim() !== "" && Number.isFinite(n)) setChosen(clampQuantity(n, 1, max))
        }}
        onLeave={() => setDraft(null)}
      />
      <QuantitySlider id={id} quantity={quantity} max={max} onSlide={set} />
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-sunken p-4 text-sm">
        <Odds competition={c} quantity={quantity} canAddOne={quantity < max} />
        <div className="col-span-2 flex items-baseline justify-between border-t border-line pt-3">
          <dt className="font-bold">
            Total for {quantity} {quantity === 1 ? "ticket" : "tickets"}
          </dt>
          <dd className="text-2xl font-extrabold tabular-nums" aria-live="polite">
            {formatMoney(multiplyPence(pence(c.ticketPrice), quantity))}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn-primary w-full py-3.5 text-base"
        disabled={adding || busy || counting || max < 1}
        aria-busy={adding || undefined}
        onClick={() =>
          void add(quantity).then((added) => {
            if (added) setDraft(null)
          })
        }
      >
        <Icon name="basket" /> {adding ? "Adding…" : "Add to basket"}
      </button>
      {problem ? (
        <p
          role="alert"
          className="rounded-xl border border-leather-500/40 bg-leather-500/10 px-4 py-3 text-sm font-medium text-leather-600 dark:text-red-300"
        >
          {problem}
        </p>
      ) : null}
      {message ? (
        <p
          role="status"
          className="rounded-xl bg-accent-soft px-4 py-3 text-sm font-semibold text-accent"
        >
          {message.text}
        </p>
      ) : null}
    </section>
  )
}

/** Why no tickets can be chosen; a competition not yet open says when it opens. */
const SelectorBlocked = ({
  text,
  competition: c,
  phase,
}: {
  text: string
  competition: CompetitionJson
  phase: CompetitionPhase
}) => (
  <div className="card flex items-start gap-3 p-5">
    <Icon name="info" className="mt-0.5 size-5 shrink-0 text-accent" />
    <div>
      <p className="font-semibold">{text}</p>
      {phase === CompetitionPhase.ComingSoon ? (
        // When it opens, and nothing more: the shop sends no reminders.
        <p className="mt-1 text-muted">Opens {ordinalDateTime(new Date(c.startDateTimeUtc))}.</p>
      ) : null}
    </div>
  </div>
)

const QuickPicks = ({
  picks,
  quantity,
  max,
  onPick,
}: {
  picks: readonly number[]
  quantity: number
  max: number
  onPick: (pick: number) => void
}) =>
  picks.length > 0 ? (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Quick picks</legend>
      {picks.map((pick) => (
        <button
          key={pick}
          type="button"
          aria-label={`${pick} tickets`}
          aria-pressed={quantity === pick}
          disabled={pick > max}
          onClick={() => onPick(pick)}
          className={`min-h-11 min-w-14 rounded-xl border-2 px-3 text-base font-extrabold tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${quantity === pick ? "border-accent bg-accent text-accent-fg" : "border-line bg-card enabled:hover:border-accent"}`}
        >
          {pick}
        </button>
      ))}
    </fieldset>
  ) : null

/** − and + either side of the number box; what is typed shows as typed until the box is left. */
const QuantityStepper = ({
  quantity,
  max,
  draft,
  onStep,
  onType,
  onLeave,
}: {
  quantity: number
  max: number
  draft: string | null
  onStep: (quantity: number) => void
  onType: (text: string) => void
  onLeave: () => void
}) => (
  <div className="flex items-center gap-3">
    <button
      type="button"
      className={stepButton}
      aria-label="Remove a ticket"
      disabled={quantity <= 1}
      onClick={() => onStep(quantity - 1)}
    >
      <Icon name="minus" />
    </button>
    <label className="flex-1">
      <span className="sr-only">Number of tickets</span>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={draft ?? String(quantity)}
        onChange={(event) => onType(event.target.value)}
        onBlur={onLeave}
        className="h-12 w-full rounded-xl border-2 border-line bg-card text-center text-xl font-extrabold tabular-nums focus:border-accent"
      />
    </label>
    <button
      type="button"
      className={stepButton}
      aria-label="Add a ticket"
      disabled={quantity >= max}
      onClick={() => onStep(quantity + 1)}
    >
      <Icon name="plus" />
    </button>
  </div>
)

/** The slider, up to 100 at most; past that it says the box goes further. */
const QuantitySlider = ({
  id,
  quantity,
  max,
  onSlide,
}: {
  id: string
  quantity: number
  max: number
  onSlide: (quantity: number) => void
}) => {
  const sliderMax = Math.min(SLIDER_MAX, max)
  if (sliderMax <= 1) return null
  return (
    <div>
      <label htmlFor={`${id}-slider`} className="sr-only">
        Ticket quantity
      </label>
      <input
        id={`${id}-slider`}
        aria-describedby={max > SLIDER_MAX ? `${id}-slider-hint` : undefined}
        type="range"
        min={1}
        max={sliderMax}
        step={1}
        value={Math.min(quantity, sliderMax)}
        onChange={(event) => onSlide(Number(event.target.value))}
        className="range"
      />
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>1</span>
        <span>{sliderMax}</span>
      </div>
      {max > SLIDER_MAX ? (
        // The slider stops at 100 by design; the box and the quick picks go all the way.
        <p id={`${id}-slider-hint`} className="mt-2 text-sm text-muted">
          {sliderHint(max)}
        </p>
      ) : null}
    </div>
  )
}
