import { Effect } from "effect"
import { Brand } from "../brand.js"
import type { Competition } from "../competitions/model.js"
import { CustomerRepo } from "../ports/accounts.js"
import { CompetitionRepo } from "../ports/catalogue.js"
import { now } from "../ports/clock.js"
import { type BasketKey, BasketRepo, TicketAllocator } from "../ports/orders.js"
import { PickedNumberStore } from "../ports/picked-numbers.js"
import { PromotionUses } from "../ports/promotions.js"
import { mayUseBasketOwnedBy, normaliseVoucherCode, roundUpApplies } from "../rules/basket.js"
import {
  BASKETS_FOLLOWED,
  followedBasket,
  holdsSomething,
  mergedContents,
} from "../rules/basket-follow.js"
import {
  type BasketItemTemplate,
  basketItemTemplates,
  roundUpCharity,
} from "../rules/basket-offer.js"
import {
  type BasketTotals,
  basketTotals,
  type LineTotals,
  type PricedLine,
} from "../rules/basket-totals.js"
import { CompetitionPhase, competitionPhase } from "../rules/competition.js"
import { type Pence, pence, ZERO_PENCE } from "../rules/money.js"
import { type PickRefusal, pickMessages, quantityBelowPicks } from "../rules/picked-numbers.js"
import { promotionRefusal, spendFor } from "../rules/promotions.js"
import { discountOf, type VoucherChange, voucherReplacement } from "../rules/vouchers.js"
import { Charities, type Charity } from "./charities.js"
import {
  BasketCheckedOut,
  BasketItemNotFound,
  BasketNotFound,
  CompetitionNotOnSale,
  PickRefused,
  PromotionNotApplicable,
  PromotionNotValid,
  TicketLimitExceeded,
  VoucherReplacementUnconfirmed,
} from "./errors.js"
import type { Basket, BasketItem, Promotion, SiteCreditItem } from "./model.js"
import { SiteCreditPolicy, siteCreditItemDescription } from "./site-credit-policy.js"

export interface BasketLineView {
  readonly item: BasketItem
  readonly competition: Competition
  /** Tickets the customer already holds here (paid and unpaid orders). */
  readonly customerBoughtToDateTicketQuantity: number
  readonly totals: LineTotals
}

/** A voucher set: the basket as it now is, and what happened to its one code. */
export interface VoucherOutcome {
  readonly view: BasketView
  readonly change: VoucherChange
}

export interface BasketView {
  readonly basket: Basket
  readonly lines: readonly BasketLineView[]
  /** Site credit the basket buys (deferred purchase, docs/decisions/0038); counted in the totals. */
  readonly siteCreditItems: readonly SiteCreditItem[]
  readonly appliedPromotionCodes: readonly string[]
  readonly totals: BasketTotals
  /** Where the round-up goes: the brand's charity, null when it has none (no round-up then). */
  readonly charity: Charity | null
  /** Lines beyond tickets the basket could still take (rules/basket-offer.ts). */
  readonly itemTemplates: readonly BasketItemTemplate[]
}

/**
 * Who is using a basket: the signed-in customer's id, or null for a visitor
 * who has not logged in. Every use case takes it from the session, never
 * from the basket or the request body.
 */
export type BasketCaller = string | null

/** Whether the caller may read or change the basket: core's mayUseBasketOwnedBy (rules/basket). */
export const mayUseBasket = (caller: BasketCaller, basket: Basket): boolean =>
  mayUseBasketOwnedBy(caller, basket.customerId)

const phaseOf = (competition: Competition, at: Date) =>
  competitionPhase(
    {
      start: competition.startDateTimeUtc,
      close: competition.closeDateTimeUtc,
      draw: competition.drawDateTimeUtc,
    },
    at,
  )

/**
 * The basket use cases of docs/product/states.md: one item per competition, quantities
 * within the per-person maximum (counting earlier purchases, unpaid orders
 * and the basket), one voucher at a time, the round-up and site credit.
 * Every one takes the caller and holds to mayUseBasket, so whatever calls
 * core (the API or any other service) gets the same guarantee; a signed-in
 * customer who uses a basket no one owns (as the storefront does on logging
 * in) makes it theirs. Prices follow the caller, never the basket.
 */
export class Baskets extends Effect.Service<Baskets>()("@howzat/core/Baskets", {
  effect: Effect.gen(function* () {
    const baskets = yield* BasketRepo
    const competitions = yield* CompetitionRepo
    const allocator = yield* TicketAllocator
    const customers = yield* CustomerRepo
    const charityList = (yield* Charities).list
    const charities = charityList.length
    const charity = roundUpCharity(charityList)
    const promotionUses = yield* PromotionUses
    const creditName = (yield* Brand).siteCreditName
    const itemTemplates = basketItemTemplates({
      name: creditName,
      deferredPurchase: (yield* SiteCreditPolicy).deferredPurchase,
    })
    const picks = yield* PickedNumberStore

    /** The numbers the basket picked in the competition (decision 0080). */
    const pickedIn = (basketId: string, competitionId: string) =>
      Effect.map(
        picks.ofBasket(basketId),
        (holds) => holds.filter((h) => h.competitionId === competitionId).length,
      )

    const held = (customerId: string | null, competitionId: string) =>
      customerId === null ? Effect.succeed(0) : allocator.ticketsHeld(customerId, competitionId)

    /**
     * Fails unless the customer may hold `quantity` in this basket for the
     * competition: the maximum counts their tickets and the numbers their
     * other baskets hold (rules/picked-numbers' countedTowardsMaximum).
     */
    const checkQuantity = (
      basketId: string,
      competitionId: string,
      quantity: number,
      customerId: string | null,
    ) =>
      Effect.gen(function* () {
        const competition = yield* competitions.byId(competitionId, { visibleOnly: true })
        const at = yield* now
        const phase = phaseOf(competition, at)
        if (phase !== CompetitionPhase.Open) {
          return yield* Effect.fail(new CompetitionNotOnSale({ competitionId, phase }))
        }
        const alreadyHeld =
          (yield* held(customerId, competitionId)) +
          (customerId === null
            ? 0
            : yield* picks.heldInOtherBaskets(customerId, competitionId, basketId, at))
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

    /** Each of the basket's competitions, with what the caller already holds there. */
    const linesOf = (basket: Basket, caller: BasketCaller) =>
      Effect.forEach(basket.items, (item) =>
        Effect.gen(function* () {
          const competition = yield* competitions.byId(item.competitionId, { visibleOnly: false })
          const boughtToDate = yield* held(caller, item.competitionId)
          const priced: PricedLine = {
            competitionId: item.competitionId,
            unitPrice: competition.ticketPrice,
            quantity: item.quantity,
          }
          return { item, competition, boughtToDate, priced }
        }),
      )

    /**
     * Why a voucher does not apply to these lines for this caller, or null.
     * A visitor's own uses are counted when they check out, signed in.
     */
    const refusalOf = (
      promotion: Promotion,
      lines: readonly PricedLine[],
      caller: BasketCaller,
      at: Date,
    ) =>
      Effect.map(
        caller === null ? Effect.succeed(0) : promotionUses.customerUses(promotion.code, caller),
        (customerUses) =>
          promotionRefusal(promotion, { at, spend: spendFor(promotion, lines), customerUses }),
      )

    /**
     * The basket's vouchers that apply now; one that stops applying (expired,
     * used up, the basket cut below its minimum spend) simply stops discounting.
     */
    const applying = (
      codes: readonly string[],
      lines: readonly PricedLine[],
      caller: BasketCaller,
      at: Date,
    ) =>
      Effect.gen(function* () {
        const found = yield* Effect.forEach(codes, (code) => baskets.promotionByCode(code))
        return yield* Effect.filter(
          found.filter((promotion): promotion is Promotion => promotion !== null),
          (promotion) =>
            Effect.map(refusalOf(promotion, lines, caller, at), (refusal) => refusal === null),
        )
      })

    /**
     * The basket as the caller may use it, claimed for a signed-in customer
     * if no one owns it yet; anyone else's is BasketNotFound.
     */
    const access = (basketId: string, caller: BasketCaller) =>
      Effect.flatMap(baskets.byId(basketId), (basket) => {
        if (!mayUseBasket(caller, basket)) return Effect.fail(new BasketNotFound({ basketId }))
        return caller !== null && basket.customerId === null && basket.orderId === null
          ? baskets.claim(basketId, caller)
          : Effect.succeed(basket)
      })

    /**
     * The basket the caller may change, if it still takes changes, and the
     * key its changes go through (only while its owner stays the same). The
     * repository refuses a change to a checked-out basket anyway; asking
     * first keeps the answer the same when the change would also break a
     * rule (a limit, a closed competition).
     */
    const open = (basketId: string, caller: BasketCaller) =>
      Effect.flatMap(access(basketId, caller), (basket) =>
        basket.orderId === null
          ? Effect.succeed({ basket, key: { basketId, owner: basket.customerId } as BasketKey })
          : Effect.fail(new BasketCheckedOut({ basketId, orderId: basket.orderId })),
      )

    /** The basket priced for the caller: their earlier purchases and their site credit. */
    const price = (stored: Basket, caller: BasketCaller) =>
      Effect.gen(function* () {
        // A "yes" kept from before the brand had no charity is shown and priced as no.
        const basket = { ...stored, autoRoundup: roundUpApplies(stored.autoRoundup, charities) }
        const at = yield* now
        const lines = yield* linesOf(basket, caller)
        const priced = lines.map((line) => line.priced)
        const promotions = yield* applying(basket.promotionCodes, priced, caller, at)
        const balance: Pence =
          caller === null ? ZERO_PENCE : (yield* customers.byId(caller)).siteCreditAccountBalance
        const totals = basketTotals({
          lines: priced,
          vouchers: promotions,
          autoRoundup: basket.autoRoundup,
          siteCreditRequested: basket.siteCreditRequested,
          siteCreditBalance: balance,
        })
        // Credit bought is paid by card: no voucher, round-up or site credit touches it.
        const credit = basket.siteCreditPurchase
        return {
          basket,
          siteCreditItems:
            credit > 0
              ? [{ description: siteCreditItemDescription(creditName), lineTotal: credit }]
              : [],
          lines: lines.map(({ item, competition, boughtToDate }, index) => ({
            item,
            competition,
            customerBoughtToDateTicketQuantity: boughtToDate,
            totals: totals.lines[index] as LineTotals,
          })),
          appliedPromotionCodes: promotions.map((promotion) => promotion.code),
          totals: {
            ...totals,
            itemTotal: pence(totals.itemTotal + credit),
            basketTotal: pence(totals.basketTotal + credit),
          },
          charity,
          itemTemplates,
        } satisfies BasketView
      })

    const view = (basketId: string, caller: BasketCaller) =>
      Effect.flatMap(access(basketId, caller), (basket) => price(basket, caller))

    /** What the basket's own code takes off these lines now (nothing once it stopped applying). */
    const currentDiscount = (
      code: string,
      lines: readonly PricedLine[],
      caller: BasketCaller,
      at: Date,
    ) =>
      Effect.map(applying([code], lines, caller, at), (found) => ({
        code,
        discount: discountOf(found[0] ?? null, lines),
      }))

    /**
     * The basket's voucher, one code per order (docs/decisions/0076): a new code
     * takes the place of the basket's, and the answer says what replaced
     * what. A code worth less than the basket's (the total would rise) is
     * refused unless the customer confirmed giving that code up
     * (`confirmedReplacing`). An empty code takes the basket's off. A code
     * that does not apply fails and changes nothing, the basket keeping its
     * code: an unknown, expired or used-up one as not valid, and a real one
     * this basket or customer cannot have yet (minimum spend, already used)
     * saying why.
     */
    const applyVoucher = (
      basketId: string,
      code: string,
      caller: BasketCaller,
      confirmedReplacing?: string,
    ) =>
      Effect.gen(function* () {
        const { basket, key } = yield* open(basketId, caller)
        const previous = basket.promotionCodes[0] ?? null
        const normalised = normaliseVoucherCode(code)
        if (normalised === "") {
          const cleared = yield* baskets.setPromotionCodes(key, [])
          const change: VoucherChange =
            previous === null
              ? { kind: "Unchanged", code: null }
              : { kind: "Removed", removed: previous }
          return { view: yield* price(cleared, caller), change } satisfies VoucherOutcome
        }
        const promotion = yield* baskets.promotionByCode(normalised)
        if (promotion === null) return yield* new PromotionNotValid({ code: normalised })
        const at = yield* now
        const lines = (yield* linesOf(basket, caller)).map((line) => line.priced)
        const refusal = yield* refusalOf(promotion, lines, caller, at)
        if (refusal?.kind === "NotValidNow" || refusal?.kind === "UsedUp")
          return yield* new PromotionNotValid({ code: normalised })
        if (refusal !== null) {
          const { competitionId } = promotion
          return yield* new PromotionNotApplicable({ code: normalised, competitionId, refusal })
        }
        const verdict = voucherReplacement(
          previous === null ? null : yield* currentDiscount(previous, lines, caller, at),
          { code: promotion.code, discount: discountOf(promotion, lines) },
          confirmedReplacing === undefined ? undefined : normaliseVoucherCode(confirmedReplacing),
        )
        if (verdict.kind === "AskFirst")
          return yield* new VoucherReplacementUnconfirmed({
            current: verdict.current,
            offered: verdict.offered,
          })
        const view = yield* price(yield* baskets.setPromotionCodes(key, [promotion.code]), caller)
        return { view, change: verdict.change } satisfies VoucherOutcome
      })

    /** applyVoucher for callers that need only the basket. */
    const setVoucher = (basketId: string, code: string, caller: BasketCaller) =>
      Effect.map(applyVoucher(basketId, code, caller), (outcome) => outcome.view)

    return {
      create: (caller: BasketCaller) => baskets.create(caller),
      view,

      /**
       * The basket a signed-in customer shops with, wherever they sign in
       * (docs/decisions/0084-a-basket-that-follows-the-customer.md): this
       * browser's basket is claimed as on any signed-in use, the one they
       * changed last that holds something is the one answered, and what the
       * others hold is merged into it, each emptied in the same step. A
       * browser basket that is gone, checked out or someone else's is left
       * out; with none at all, a new one is made.
       */
      follow: (customerId: string, browserBasketId: string | null) =>
        Effect.gen(function* () {
          const browsers =
            browserBasketId === null
              ? null
              : yield* access(browserBasketId, customerId).pipe(
                  Effect.map((basket) => (basket.orderId === null ? basket : null)),
                  Effect.catchTags({
                    BasketNotFound: () => Effect.succeed(null),
                    BasketCheckedOut: () => Effect.succeed(null),
                  }),
                )
          const theirs = yield* baskets.openOf(customerId, BASKETS_FOLLOWED)
          const target = followedBasket(browsers, theirs) ?? (yield* baskets.create(customerId))
          const others = [...(browsers === null ? [] : [browsers]), ...theirs].filter(
            (basket, index, all) =>
              basket.id !== target.id &&
              holdsSomething(basket) &&
              all.findIndex((b) => b.id === basket.id) === index,
          )
          const key = { basketId: target.id, owner: customerId }
          const merged = yield* Effect.reduce(others, target, (_, other) =>
            baskets.absorb(key, other.id, mergedContents),
          )
          return yield* price(merged, customerId)
        }),

      /** Adds to the competition's item, or creates it: there is one item per competition. */
      addItem: (basketId: string, competitionId: string, quantity: number, caller: BasketCaller) =>
        Effect.gen(function* () {
          const { basket, key } = yield* open(basketId, caller)
          const inBasket =
            basket.items.find((i) => i.competitionId === competitionId)?.quantity ?? 0
          const wanted = inBasket + Math.max(0, Math.floor(quantity))
          if (wanted === inBasket) return yield* price(basket, caller)
          yield* checkQuantity(basketId, competitionId, wanted, caller)
          return yield* price(yield* baskets.setItem(key, competitionId, wanted), caller)
        }),

      /** docs/product/states.md: a quantity of 0 or less deletes the item. */
      setQuantity: (basketId: string, itemId: string, quantity: number, caller: BasketCaller) =>
        Effect.gen(function* () {
          const { basket, key } = yield* open(basketId, caller)
          const item = basket.items.find((i) => i.id === itemId)
          if (item === undefined)
            return yield* Effect.fail(new BasketItemNotFound({ basketId, itemId }))
          const wanted = Math.floor(quantity)
          if (Number.isNaN(wanted) || wanted <= 0) {
            const removed = yield* baskets.removeItem(key, itemId)
            yield* picks.release(basketId, item.competitionId, null)
            return yield* price(removed, caller)
          }
          // Picked numbers stay in the quantity: unpicking is how they leave it.
          const picked = yield* pickedIn(basketId, item.competitionId)
          if (quantityBelowPicks(wanted, picked)) {
            const refusal: PickRefusal = {
              kind: "BelowPicks",
              picked,
              message: pickMessages.belowPicks(picked),
            }
            return yield* new PickRefused({ competitionId: item.competitionId, refusal })
          }
          // Lowering a quantity is always allowed, even in a competition that has since closed.
          if (wanted > item.quantity)
            yield* checkQuantity(basketId, item.competitionId, wanted, caller)
          return yield* price(yield* baskets.setItem(key, item.competitionId, wanted), caller)
        }),

      /** Removing an item lets its picked numbers go. */
      removeItem: (basketId: string, itemId: string, caller: BasketCaller) =>
        Effect.gen(function* () {
          const { basket, key } = yield* open(basketId, caller)
          const removed = yield* baskets.removeItem(key, itemId)
          const item = basket.items.find((i) => i.id === itemId)
          if (item !== undefined) yield* picks.release(basketId, item.competitionId, null)
          return yield* price(removed, caller)
        }),

      /** Empties the basket, item by item, and lets its picked numbers go. */
      clearItems: (basketId: string, caller: BasketCaller) =>
        Effect.gen(function* () {
          const { basket, key } = yield* open(basketId, caller)
          const cleared = yield* Effect.reduce(basket.items, basket, (_, item) =>
            Effect.tap(baskets.removeItem(key, item.id), () =>
              picks.release(basketId, item.competitionId, null),
            ),
          )
          return yield* price(cleared, caller)
        }),

      applyVoucher,
      setVoucher,

      /** One voucher at a time (docs/product/states.md): removing the basket's code is clearing them. */
      removeVoucher: (basketId: string, code: string, caller: BasketCaller) =>
        Effect.gen(function* () {
          const { basket } = yield* open(basketId, caller)
          return basket.promotionCodes.includes(normaliseVoucherCode(code))
            ? yield* setVoucher(basketId, "", caller)
            : yield* price(basket, caller)
        }),

      /** Round-up yes/no and the site credit to spend; both are priced by basketTotals. */
      setExtras: (
        basketId: string,
        extras: { readonly autoRoundup: boolean; readonly siteCreditRequested: Pence },
        caller: BasketCaller,
      ) =>
        Effect.gen(function* () {
          const { key } = yield* open(basketId, caller)
          const autoRoundup = roundUpApplies(extras.autoRoundup, charities)
          return yield* price(yield* baskets.setExtras(key, { ...extras, autoRoundup }), caller)
        }),
    }
  }),
}) {}
