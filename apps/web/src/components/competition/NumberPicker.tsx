import type { CompetitionJson } from "@howzat/contracts/catalogue"
import type { BasketPicksJson } from "@howzat/contracts/picked-numbers"
import { Link } from "@tanstack/react-router"
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react"
import { loadBasket } from "../../api/baskets"
import {
  holdNumbers,
  loadBasketPicks,
  loadFreeNumbers,
  releaseNumbers,
} from "../../api/picked-numbers"
import { useCustomer } from "../../auth/use-session"
import { changeBasket } from "../../basket/store"
import { useBasketState } from "../../basket/use-basket"
import { basketErrorText, ticketItems } from "../../lib/basket"
import { formatCount } from "../../lib/competition"
import { pageCount, startFrom } from "./number-picker"

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })

const numberButton =
  "min-h-11 min-w-11 rounded-lg border-2 px-1 text-sm font-bold tabular-nums transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-40"

/**
 * Moves focus among a grid's buttons with the arrow keys, Home and End:
 * left and right by one, up and down by a row (as many as share the first
 * button's line, so it follows the layout on a phone or a desktop).
 */
const onGridKey = (event: KeyboardEvent<HTMLFieldSetElement>) => {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")]
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
  if (at < 0) return
  const top = buttons[0]?.offsetTop ?? 0
  const columns = Math.max(1, buttons.filter((b) => b.offsetTop === top).length)
  const to = {
    ArrowLeft: at - 1,
    ArrowRight: at + 1,
    ArrowUp: at - columns,
    ArrowDown: at + columns,
    Home: 0,
    End: buttons.length - 1,
  }[event.key]
  if (to === undefined) return
  event.preventDefault()
  buttons[Math.min(buttons.length - 1, Math.max(0, to))]?.focus()
}

/**
 * The free numbers of a page, asked for while the picker is open. `again`
 * asks once more (after a pick, or a failed load).
 */
const useFreeNumbers = (open: boolean, competitionId: string, from: number, pageNumber: number) => {
  const [free, setFree] = useState<{ numbers: number[]; totalCount: number } | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [reload, setReload] = useState(0)
  // `reload` asks again after a pick or a failed load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is the signal to ask again
  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    setLoadError(null)
    loadFreeNumbers(competitionId, from, pageNumber, controller.signal)
      .then((page) => setFree({ numbers: [...page.numbers], totalCount: page.totalCount }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(basketErrorText(error))
      })
    return () => controller.abort()
  }, [open, competitionId, from, pageNumber, reload])
  return { free, loadError, again: () => setReload((r) => r + 1) }
}

/** The basket's picks here; refreshed whenever its quantity changes (a removal lets them go). */
const useBasketPicks = (
  open: boolean,
  competitionId: string,
  customer: ReturnType<typeof useCustomer>,
) => {
  const { basket } = useBasketState()
  const [picks, setPicks] = useState<BasketPicksJson | null>(null)
  const basketId = basket?.id
  const quantityInBasket =
    ticketItems(basket).find((i) => i.competitionTicketDetails.competition.id === competitionId)
      ?.competitionTicketDetails.quantity ?? 0
  // biome-ignore lint/correctness/useExhaustiveDependencies: the quantity is the signal to reread
  useEffect(() => {
    if (!open || basketId === undefined || customer === null) return
    const controller = new AbortController()
    loadBasketPicks(basketId, controller.signal)
      .then(({ picks: all }) =>
        setPicks(all.find((p) => p.competitionId === competitionId) ?? null),
      )
      .catch(() => setPicks(null))
    return () => controller.abort()
  }, [open, basketId, customer, competitionId, quantityInBasket])
  return [picks, setPicks] as const
}

/**
 * Pressing a number: a free one is held and added to the basket, one of
 * yours let go; the outcome is read out, and the free numbers asked again.
 */
const usePickToggle = (
  competitionId: string,
  setPicks: (picks: BasketPicksJson) => void,
  afterwards: () => void,
) => {
  const [problem, setProblem] = useState<string | null>(null)
  const [working, setWorking] = useState(false)
  const announce = useRef<HTMLParagraphElement>(null)
  const toggle = useCallback(
    async (n: number, mine: boolean) => {
      setProblem(null)
      setWorking(true)
      try {
        await changeBasket(
          async (id) => {
            const answer = mine
              ? await releaseNumbers(id, competitionId, [n])
              : await holdNumbers(id, competitionId, [n])
            setPicks(answer.picks)
            return loadBasket(id)
          },
          { replay: true },
        )
        if (announce.current)
          announce.current.textContent = mine
            ? `Number ${n} let go.`
            : `Number ${n} is held for you and in your basket.`
      } catch (error) {
        setProblem(basketErrorText(error))
      } finally {
        setWorking(false)
        afterwards()
      }
    },
    [competitionId, setPicks, afterwards],
  )
  return { toggle, problem, working, announce }
}

/**
 * Pick your numbers (docs/decisions/0080), beside Lucky Dip, which stays the
 * default: the free numbers a page at a time (or from a number typed in),
 * each a toggle button. Pressing one holds it for the basket at once, for
 * ten minutes, and adds it to the basket; pressing one of yours lets it go.
 * Picking needs a signed-in customer, as the maximum counts every basket's
 * holds.
 */
export const NumberPicker = ({ competition: c }: { competition: CompetitionJson }) => {
  const id = useId()
  const customer = useCustomer()
  const { busy } = useBasketState()
  const [open, setOpen] = useState(false)
  const [from, setFrom] = useState(1)
  const [jump, setJump] = useState("")
  const [pageNumber, setPageNumber] = useState(1)
  const { free, loadError, again } = useFreeNumbers(open, c.id, from, pageNumber)
  const [picks, setPicks] = useBasketPicks(open, c.id, customer)
  const { toggle, problem, working, announce } = usePickToggle(c.id, setPicks, again)
  const waiting = working || busy

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="display-title text-lg">
          Or pick your numbers
        </h2>
        <button
          type="button"
          className="btn-outline min-h-11"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Hide the numbers" : "Choose numbers"}
        </button>
      </div>
      <p className="text-sm text-muted">
        Lucky Dip gives you random numbers. Prefer your own? Pick them here: each is held for you
        for 10 minutes and counts towards the {formatCount(c.maxTicketsPerCustomer)} per person.
      </p>
      <p ref={announce} className="sr-only" aria-live="polite" />

      {open ? (
        <div id={`${id}-panel`} className="space-y-4">
          {customer === null ? (
            <p className="rounded-xl border border-line p-3 text-sm">
              Please{" "}
              <Link to="/Auth/Login" className="font-semibold text-accent underline">
                sign in
              </Link>{" "}
              to pick your numbers.
            </p>
          ) : null}
          <YourNumbers picks={picks} waiting={waiting} onLetGo={(n) => toggle(n, true)} />
          <FindNumber
            jump={jump}
            onJump={setJump}
            totalTickets={c.totalTickets}
            onFind={(start) => {
              setFrom(start)
              setPageNumber(1)
            }}
          />
          {loadError !== null ? (
            <div role="alert" className="space-y-2 text-sm">
              <p>{loadError}</p>
              <button type="button" className="btn-outline" onClick={again}>
                Try again
              </button>
            </div>
          ) : free === null ? (
            <p className="text-sm text-muted" aria-busy="true">
              Loading the free numbers…
            </p>
          ) : free.numbers.length === 0 ? (
            <p className="text-sm">No free numbers from {formatCount(from)} on.</p>
          ) : (
            <FreeNumbers
              free={free}
              from={from}
              pageNumber={pageNumber}
              onPage={setPageNumber}
              signedIn={customer !== null}
              waiting={waiting}
              onPick={(n) => toggle(n, false)}
            />
          )}
          {problem !== null ? (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

/** The customer's picks here, how long they are held, each a button to let it go. */
const YourNumbers = ({
  picks,
  waiting,
  onLetGo,
}: {
  picks: BasketPicksJson | null
  waiting: boolean
  onLetGo: (n: number) => void
}) => {
  const mine = picks?.numbers ?? []
  if (mine.length === 0) return null
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Your numbers</h3>
      {picks?.heldUntil ? (
        <p className="text-sm">
          Held for you until <strong>{timeOf(picks.heldUntil)}</strong>. Check out before then to be
          sure of them.
        </p>
      ) : (
        <p className="text-sm text-red-700">
          Your hold has run out: check out soon, or someone else may take them.
        </p>
      )}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Your numbers</legend>
        {mine.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed="true"
            aria-label={`Number ${n}, picked. Press to let it go`}
            aria-disabled={waiting}
            onClick={() => (waiting ? undefined : onLetGo(n))}
            className={`${numberButton} border-accent bg-accent text-accent-fg`}
          >
            {n}
          </button>
        ))}
      </fieldset>
    </div>
  )
}

/** "Find a number": the free numbers then start from the one typed. */
const FindNumber = ({
  jump,
  onJump,
  totalTickets,
  onFind,
}: {
  jump: string
  onJump: (jump: string) => void
  totalTickets: number
  onFind: (start: number) => void
}) => {
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        onFind(startFrom(jump, totalTickets))
      }}
    >
      <label className="space-y-1 text-sm">
        <span className="field-label">Find a number</span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={totalTickets}
          className="field-input w-36"
          value={jump}
          onChange={(e) => onJump(e.target.value)}
        />
      </label>
      <button type="submit" className="btn-outline min-h-11">
        Show from there
      </button>
    </form>
  )
}

/** A page of free numbers as a grid the arrow keys move through, with the pages either side. */
const FreeNumbers = ({
  free,
  from,
  pageNumber,
  onPage,
  signedIn,
  waiting,
  onPick,
}: {
  free: { numbers: number[]; totalCount: number }
  from: number
  pageNumber: number
  onPage: (pageNumber: number) => void
  signedIn: boolean
  waiting: boolean
  onPick: (n: number) => void
}) => {
  const lastPage = pageCount(free.totalCount)
  return (
    <>
      <p className="text-sm text-muted">
        {formatCount(free.totalCount)} free numbers from {formatCount(from)}; page {pageNumber} of{" "}
        {lastPage}. Use the arrow keys to move between numbers.
      </p>
      <fieldset className="grid grid-cols-5 gap-2 sm:grid-cols-10" onKeyDown={onGridKey}>
        <legend className="sr-only">Free numbers, page {pageNumber}</legend>
        {free.numbers.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed="false"
            aria-label={`Number ${n}, free`}
            disabled={!signedIn}
            // Not disabled while a pick is on its way: the keyboard keeps its place.
            aria-disabled={waiting}
            onClick={() => (waiting ? undefined : onPick(n))}
            className={`${numberButton} border-line bg-card enabled:hover:border-accent`}
          >
            {n}
          </button>
        ))}
      </fieldset>
      <nav aria-label="Pages of free numbers" className="flex justify-between gap-2">
        <button
          type="button"
          className="btn-outline min-h-11"
          disabled={pageNumber <= 1}
          onClick={() => onPage(pageNumber - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="btn-outline min-h-11"
          disabled={pageNumber >= lastPage}
          onClick={() => onPage(pageNumber + 1)}
        >
          Next
        </button>
      </nav>
    </>
  )
}
