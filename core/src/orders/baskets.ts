import { Clock, Effect } from "effect"
import type { Competition } from "../competitions/model"
import { CustomerRepo } from "../ports/accounts"
import { CompetitionRepo } from "../ports/catalogue"
import { BasketRepo, TicketAllocator } from "../ports/orders"
import { normaliseVoucherCode } from "../rules/basket"
import { type BasketTotals, basketTotals, type LineTotals } from "../rules/basket-totals"
import { CompetitionPhase, competitionPhase } from "../rules/competition"
import { type Pence, ZERO_PENCE } from "../rules/money"
import { promotionIsUsable } from "../rules/promotions"
import {
  BasketCheckedOut,
  BasketItemNotFound,
  CompetitionNotOnSale,
  PromotionNotValid,
  TicketLimitExceeded,
} from "./errors"
import type { Basket, BasketItem, Promotion } from "./model"

const now = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))

export interface BasketLineView {
  readonly item: BasketItem
  readonly competition: Competition
  /** Tickets the customer already holds here (paid and unpaid orders). */
  readonly customerBoughtToDateTicketQuantity: number
  readonly totals: LineTotals
}

export interface BasketView {
  readonly basket: Basket
  readonly lines: readonly BasketLineView[]
  readonly appliedPromotionCodes: readonly string[]
  readonly totals: BasketTotals
}

const isOnSale = (competition: Competition, at: Date) =>
  competitionPhase(
    {
      start: competition.startDateTimeUtc,
      close: competition.closeDateTimeUtc,
      draw: competition.drawDateTimeUtc,
    },
    at,
  ) === CompetitionPhase.Open

/**
 * The basket use cases of SPEC §4: one item per competition, quantities
 * within the per-person maximum (counting earlier purchases, unpaid orders
 * and the basket), one voucher at a time, the round-up and site credit.
 * Who the customer is comes from the caller (the session), never the basket.
 */
export class Baskets extends Effect.Service<Baskets>()("@howzat/core/Baskets", {
  effect: Effect.gen(function* () {
    const baskets = yield* BasketRepo
    const competitions = yield* CompetitionRepo
    const allocator = yield* TicketAllocator
    const customers = yield* CustomerRepo

    const held = (customerId: string | null, competitionId: string) =>
      customerId === null ? Effect.succeed(0) : allocator.ticketsHeld(customerId, competitionId)

    /** Fails unless the customer may hold `quantity` in their basket for this competition. */
    const checkQuantity = (competitionId: string, quantity: number, customerId: string | null) =>
      Effect.gen(function* () {
        const competition = yield* competitions.byId(competitionId, { visibleOnly: true })
        if (!isOnSale(competition, yield* now)) {
          return yield* Effect.fail(new CompetitionNotOnSale({ competitionId }))
        }
        const alreadyHeld = yield* held(customerId, competitionId)
        const remaining = competition.totalTickets - competition.ticketsSoldToDate
        const allowance = Math.min(competition.maxTicketsPerCustomer - alreadyHeld, remaining)
        if (quantity > allowance) {
          return yield* Effect.fail(
            new TicketLimitExceeded({
              competitionId,
              maxPerCustomer: competition.maxTicketsPerCustomer,
              alreadyHeld,
              requested: quantity,
            }),
          )
        }
      })

    /** Vouchers that still apply now; an expired or used-up code simply stops discounting. */
    const usablePromotions = (codes: readonly string[], at: Date) =>
      Effect.map(
        Effect.forEach(codes, (code) => baskets.promotionByCode(code)),
        (found) =>
          found.filter(
            (promotion): promotion is Promotion =>
              promotion !== null && promotionIsUsable(promotion, at),
          ),
      )

    /**
     * The basket, if it still takes changes. The repository refuses a change
     * to a checked-out basket anyway; asking first keeps the answer the same
     * when the change would also break a rule (a limit, a closed competition).
     */
    const open = (basketId: string) =>
      Effect.flatMap(baskets.byId(basketId), (basket) =>
        basket.orderId === null
          ? Effect.succeed(basket)
          : Effect.fail(new BasketCheckedOut({ basketId, orderId: basket.orderId })),
      )

    const view = (basketId: string, customerId: string | null) =>
      Effect.gen(function* () {
        const basket = yield* baskets.byId(basketId)
        const at = yield* now
        const lines = yield* Effect.forEach(basket.items, (item) =>
          Effect.gen(function* () {
            const competition = yield* competitions.byId(item.competitionId, { visibleOnly: false })
            const boughtToDate = yield* held(customerId, item.competitionId)
            return { item, competition, boughtToDate }
          }),
        )
        const promotions = yield* usablePromotions(basket.promotionCodes, at)
        const balance: Pence =
          customerId === null
            ? ZERO_PENCE
            : (yield* customers.byId(customerId)).siteCreditAccountBalance
        const totals = basketTotals({
          lines: lines.map(({ item, competition }) => ({
            competitionId: item.competitionId,
            unitPrice: competition.ticketPrice,
            quantity: item.quantity,
          })),
          vouchers: promotions,
          autoRoundup: basket.autoRoundup,
          siteCreditRequested: basket.siteCreditRequested,
          siteCreditBalance: balance,
        })
        return {
          basket,
          lines: lines.map(({ item, competition, boughtToDate }, index) => ({
            item,
            competition,
            customerBoughtToDateTicketQuantity: boughtToDate,
            totals: totals.lines[index] as LineTotals,
          })),
          appliedPromotionCodes: promotions.map((promotion) => promotion.code),
          totals,
        } satisfies BasketView
      })

    return {
      create: (customerId: string | null) => baskets.create(customerId),
      view,

      /** Adds to the competition's item, or creates it: there is one item per competition. */
      addItem: (
        basketId: string,
        competitionId: string,
        quantity: number,
        customerId: string | null,
      ) =>
        Effect.gen(function* () {
          const basket = yield* open(basketId)
          const inBasket =
            basket.items.find((i) => i.competitionId === competitionId)?.quantity ?? 0
          const wanted = inBasket + Math.max(0, Math.floor(quantity))
          if (wanted === inBasket) return yield* view(basketId, customerId)
          yield* checkQuantity(competitionId, wanted, customerId)
          yield* baskets.setItem(basketId, competitionId, wanted)
          return yield* view(basketId, customerId)
        }),

      /** SPEC §4: a quantity of 0 or less deletes the item. */
      setQuantity: (
        basketId: string,
        itemId: string,
        quantity: number,
        customerId: string | null,
      ) =>
        Effect.gen(function* () {
          const basket = yield* open(basketId)
          const item = basket.items.find((i) => i.id === itemId)
          if (item === undefined)
            return yield* Effect.fail(new BasketItemNotFound({ basketId, itemId }))
          const wanted = Math.floor(quantity)
          if (Number.isNaN(wanted) || wanted <= 0) {
            yield* baskets.removeItem(basketId, itemId)
          } else {
            // Lowering a quantity is always allowed, even in a competition that has since closed.
            if (wanted > item.quantity) yield* checkQuantity(item.competitionId, wanted, customerId)
            yield* baskets.setItem(basketId, item.competitionId, wanted)
          }
          return yield* view(basketId, customerId)
        }),

      removeItem: (basketId: string, itemId: string, customerId: string | null) =>
        Effect.zipRight(baskets.removeItem(basketId, itemId), view(basketId, customerId)),

      /**
       * SPEC §4: setting a voucher first removes the existing ones, then adds
       * the new code if there is one. An unknown or expired code fails, with
       * the basket left without a voucher.
       */
      setVoucher: (basketId: string, code: string, customerId: string | null) =>
        Effect.gen(function* () {
          yield* baskets.setPromotionCodes(basketId, [])
          const normalised = normaliseVoucherCode(code)
          if (normalised !== "") {
            const [usable] = yield* usablePromotions([normalised], yield* now)
            if (usable === undefined)
              return yield* Effect.fail(new PromotionNotValid({ code: normalised }))
            yield* baskets.setPromotionCodes(basketId, [usable.code])
          }
          return yield* view(basketId, customerId)
        }),

      /** Round-up yes/no and the site credit to spend; both are priced by basketTotals. */
      setExtras: (
        basketId: string,
        extras: { readonly autoRoundup: boolean; readonly siteCreditRequested: Pence },
        customerId: string | null,
      ) => Effect.zipRight(baskets.setExtras(basketId, extras), view(basketId, customerId)),
    }
  }),
}) {}
