import { Effect } from "effect"
import type { Competition, Page } from "../competitions/model.js"
import { CompetitionRepo } from "../ports/catalogue.js"
import { now } from "../ports/clock.js"
import { BasketRepo, TicketAllocator } from "../ports/orders.js"
import { PickedNumberStore } from "../ports/picked-numbers.js"
import { Transactions } from "../ports/transactions.js"
import { CompetitionPhase, competitionPhase } from "../rules/competition.js"
import {
  distinctNumbers,
  holdExpiresAt,
  holdIsLive,
  holdsEndAt,
  MAX_PICKS_PER_REQUEST,
  mayPickNumbers,
  newPicks,
  type PickableCompetition,
  type PickRefusal,
  pickMessages,
  pickRefusal,
  pickShapeRefusal,
} from "../rules/picked-numbers.js"
import { type BasketCaller, mayUseBasket } from "./baskets.js"
import {
  BasketCheckedOut,
  BasketNotFound,
  CompetitionNotOnSale,
  PickNeedsSignIn,
  PickRefused,
} from "./errors.js"

/** A basket's picks in one competition, as the storefront shows them. */
export interface BasketPicks {
  readonly competitionId: string
  /** Every number the basket picked here, ascending. */
  readonly numbers: readonly number[]
  /** When the first of the live holds ends; null when none is live. */
  readonly heldUntil: Date | null
  /** Picked numbers whose hold ran out: still the basket's only while nobody takes them. */
  readonly expired: readonly number[]
}

/** A page of the numbers still free, and how long a pick holds one. */
export interface FreeNumbersPage extends Page<number> {
  readonly holdMinutes: number
}

export const pickableOf = (competition: Competition): PickableCompetition => ({
  pickYourNumbers: competition.pickYourNumbers === true,
  instantWinNumbers: competition.instantWinGroups.reduce((sum, g) => sum + g.ticketCount, 0),
})

/**
 * Pick your numbers (docs/decisions/0080): the free numbers of a
 * competition, and a basket's holds on the numbers its customer picks. A
 * pick needs a signed-in customer, whose maximum counts their tickets,
 * their other baskets' live holds and this basket. Everything that decides
 * runs in one transaction under the basket's, the customer's and the
 * numbers' locks, so two baskets never both hold a number and two picks of
 * one customer never both fit under the maximum.
 */
export class PickedNumbers extends Effect.Service<PickedNumbers>()("@howzat/core/PickedNumbers", {
  effect: Effect.gen(function* () {
    const baskets = yield* BasketRepo
    const competitions = yield* CompetitionRepo
    const allocator = yield* TicketAllocator
    const store = yield* PickedNumberStore
    const transactions = yield* Transactions

    /** The visible competition, refused unless customers may pick there. */
    const pickable = (competitionId: string) =>
      Effect.gen(function* () {
        const competition = yield* competitions.byId(competitionId, { visibleOnly: true })
        if (!mayPickNumbers(pickableOf(competition))) {
          const refusal = pickShapeRefusal({ ...pickableOf(competition), totalTickets: 1 }, [1])
          if (refusal !== null) return yield* new PickRefused({ competitionId, refusal })
        }
        return competition
      })

    const onSale = (competition: Competition, at: Date) => {
      const phase = competitionPhase(
        {
          start: competition.startDateTimeUtc,
          close: competition.closeDateTimeUtc,
          draw: competition.drawDateTimeUtc,
        },
        at,
      )
      return phase === CompetitionPhase.Open
        ? Effect.void
        : Effect.fail(new CompetitionNotOnSale({ competitionId: competition.id, phase }))
    }

    /** The basket's picks in each competition it picked in (or just `competitionId`). */
    const picksOf = (basketId: string, at: Date, competitionId?: string) =>
      Effect.map(store.ofBasket(basketId), (holds) => {
        const ids = [...new Set(holds.map((h) => h.competitionId))]
        if (competitionId !== undefined && !ids.includes(competitionId)) ids.push(competitionId)
        return ids
          .filter((id) => competitionId === undefined || id === competitionId)
          .map((id): BasketPicks => {
            const here = holds.filter((h) => h.competitionId === id)
            return {
              competitionId: id,
              numbers: here.map((h) => h.ticketNumber),
              heldUntil: holdsEndAt(
                here.map((h) => h.expiresAt),
                at,
              ),
              expired: here.filter((h) => !holdIsLive(h.expiresAt, at)).map((h) => h.ticketNumber),
            }
          })
      })

    /** The basket, under its lock, if the caller may change it. */
    const lockedBasket = (basketId: string, caller: string) =>
      Effect.gen(function* () {
        const basket = yield* baskets.holdForCheckout(basketId)
        if (!mayUseBasket(caller, basket)) return yield* new BasketNotFound({ basketId })
        if (basket.orderId !== null)
          return yield* new BasketCheckedOut({ basketId, orderId: basket.orderId })
        return basket.customerId === null ? yield* baskets.claim(basketId, caller) : basket
      })

    return {
      /** The competition's numbers neither sold nor held, from `from` on, a page at a time. */
      freeNumbers: (
        competitionId: string,
        query: { readonly from: number; readonly pageNumber: number; readonly pageSize: number },
      ) =>
        Effect.gen(function* () {
          const competition = yield* pickable(competitionId)
          const page = yield* store.freeNumbers({
            competitionId: competition.id,
            at: yield* now,
            from: Math.max(1, Math.floor(query.from)),
            page: {
              pageNumber: Math.max(1, Math.floor(query.pageNumber)),
              pageSize: Math.min(MAX_PICKS_PER_REQUEST, Math.max(1, Math.floor(query.pageSize))),
            },
          })
          return { ...page, holdMinutes: holdExpiresAt(new Date(0)).getTime() / 60_000 }
        }),

      /** The basket's picks, by competition. */
      basketPicks: (basketId: string, caller: BasketCaller) =>
        Effect.gen(function* () {
          const basket = yield* baskets.byId(basketId)
          if (!mayUseBasket(caller, basket)) return yield* new BasketNotFound({ basketId })
          return yield* picksOf(basketId, yield* now)
        }),

      /**
       * Holds the numbers for the basket for rules/picked-numbers'
       * PICK_HOLD_MINUTES, adding the new ones to its item in the
       * competition (made if need be); numbers it picked already get a new
       * expiry. All or nothing: a refused pick holds nothing.
       */
      hold: (
        basketId: string,
        competitionId: string,
        numbers: readonly number[],
        caller: BasketCaller,
      ) =>
        Effect.gen(function* () {
          if (caller === null) return yield* new PickNeedsSignIn({ basketId })
          const competition = yield* pickable(competitionId)
          const at = yield* now
          yield* onSale(competition, at)
          const shape = pickShapeRefusal(
            { ...pickableOf(competition), totalTickets: competition.totalTickets },
            numbers,
          )
          if (shape !== null) return yield* new PickRefused({ competitionId, refusal: shape })
          const wanted = distinctNumbers(numbers)
          yield* transactions.within(
            Effect.gen(function* () {
              const basket = yield* lockedBasket(basketId, caller)
              const request = { basketId, customerId: caller, competitionId, numbers: wanted, at }
              const locked = yield* store.lockForPicking(request)
              const alreadyPicked = (yield* store.ofBasket(basketId))
                .filter((h) => h.competitionId === competitionId)
                .map((h) => h.ticketNumber)
              const quantity =
                basket.items.find((i) => i.competitionId === competitionId)?.quantity ?? 0
              const refusal = pickRefusal(wanted, {
                unavailable: locked.unavailable,
                alreadyPicked,
                maxPerCustomer: competition.maxTicketsPerCustomer,
                ticketsHeld: yield* allocator.ticketsHeld(caller, competitionId),
                heldInOtherBaskets: locked.heldInOtherBaskets,
                basketQuantity: quantity,
              })
              if (refusal !== null) return yield* new PickRefused({ competitionId, refusal })
              const lost = yield* store.hold({ ...request, expiresAt: holdExpiresAt(at) })
              if (lost.length > 0) {
                const taken: PickRefusal = {
                  kind: "Taken",
                  numbers: lost,
                  message: pickMessages.taken(lost),
                }
                return yield* new PickRefused({ competitionId, refusal: taken })
              }
              const added = newPicks(wanted, alreadyPicked).length
              if (added > 0)
                yield* baskets.setItem({ basketId, owner: caller }, competitionId, quantity + added)
            }),
          )
          const [picks] = yield* picksOf(basketId, at, competitionId)
          return picks as BasketPicks
        }),

      /**
       * Lets the basket's picks go (those of `numbers`, or every one in the
       * competition), taking them off its quantity there: an item left with
       * none is removed.
       */
      release: (
        basketId: string,
        competitionId: string,
        numbers: readonly number[] | null,
        caller: BasketCaller,
      ) =>
        Effect.gen(function* () {
          if (caller === null) return yield* new PickNeedsSignIn({ basketId })
          const at = yield* now
          yield* transactions.within(
            Effect.gen(function* () {
              const basket = yield* lockedBasket(basketId, caller)
              const released = yield* store.release(
                basketId,
                competitionId,
                numbers === null ? null : distinctNumbers(numbers),
              )
              const item = basket.items.find((i) => i.competitionId === competitionId)
              if (released.length === 0 || item === undefined) return
              const key = { basketId, owner: caller }
              const left = item.quantity - released.length
              if (left > 0) yield* baskets.setItem(key, competitionId, left)
              else yield* baskets.removeItem(key, item.id)
            }),
          )
          const [picks] = yield* picksOf(basketId, at, competitionId)
          return picks as BasketPicks
        }),
    }
  }),
}) {}
