import type { BasketJson } from "@howzat/contracts/baskets"
import {
  APPLICATION_ERROR_PROBLEM,
  BASKET_EMPTY_PROBLEM,
  VALIDATION_ERROR_PROBLEM,
} from "@howzat/contracts/problem-types"
import { describe, expect, it } from "vitest"
import { ApiError } from "../api/client"
import {
  basketAvailableOn,
  basketButtonTitle,
  basketErrorText,
  basketSummary,
  basketTexts,
  checkoutFailure,
  checkoutOutcome,
  poundsText,
  quantityInBasket,
  siteCreditFromText,
  ticketItems,
} from "./basket"
import { errorTexts } from "./error-text"

const item = (competitionId: string, quantity: number) =>
  ({
    itemType: "CompetitionTickets",
    id: `item-${competitionId}`,
    competitionTicketDetails: {
      competition: { id: competitionId, name: `Comp ${competitionId}` },
      quantity,
      price: 250,
      customerBoughtToDateTicketQuantity: 0,
    },
    siteCreditDetails: null,
    preDiscountTotal: 250 * quantity,
    lineTotal: 250 * quantity,
    discounts: [],
  }) as unknown as BasketJson["items"][number]

const basket = (change: Partial<BasketJson> = {}): BasketJson => ({
  id: "b-1",
  customerId: null,
  items: [],
  itemTemplates: [],
  itemTotal: 0,
  discounts: [],
  discountTotal: 0,
  basketTotal: 0,
  appliedPromotionCodes: [],
  charitableDonation: { autoRoundup: false, charity: null, value: 0 },
  siteCreditDebitAmount: 0,
  siteCreditAvailable: 0,
  siteCreditItems: [],
  ticketAllocationExceptions: [],
  ...change,
})

describe("the basket icon", () => {
  it("is disabled on every checkout page, whatever the case", () => {
    expect(basketAvailableOn("/Checkout")).toBe(false)
    expect(basketAvailableOn("/Checkout/Payment/123")).toBe(false)
    expect(basketAvailableOn("/checkout/paymentfailed/1")).toBe(false)
    expect(basketAvailableOn("/")).toBe(true)
    expect(basketAvailableOn("/Basket")).toBe(true)
    expect(basketAvailableOn("/Competitions/Competition/abc")).toBe(true)
  })

  it("explains itself (docs/product/screens.md)", () => {
    expect(basketButtonTitle(true)).toBe("Click here to see the contents of your basket")
    expect(basketButtonTitle(false)).toBe("Your basket is not available from this page")
  })

  it("counts the lines and shows what is left to pay", () => {
    expect(basketSummary(null)).toEqual({ itemCount: 0, total: 0 })
    expect(
      basketSummary(basket({ items: [item("a", 3), item("b", 1)], basketTotal: 1000 })),
    ).toEqual({ itemCount: 2, total: 1000 })
  })
})

describe("tickets already in the basket", () => {
  it("are those of the competition's one item, or none", () => {
    const b = basket({ items: [item("a", 3), item("b", 1)] })
    expect(quantityInBasket(b, "a")).toBe(3)
    expect(quantityInBasket(b, "z")).toBe(0)
    expect(quantityInBasket(null, "a")).toBe(0)
  })
})

describe("what checkout did to the basket (docs/product/states.md, docs/product/errors.md)", () => {
  const before = basket({ items: [item("a", 3), item("b", 2)] })

  it("nothing, when every ticket was allocated", () => {
    expect(checkoutOutcome(before, basket({ items: [item("a", 3), item("b", 2)] }))).toEqual({
      kind: "unchanged",
    })
  })

  it("partial: a line cut down or dropped, listed as 'competition name: reason'", () => {
    const after = basket({
      items: [item("a", 1)],
      ticketAllocationExceptions: [
        { competitionName: "Comp a", exceptionReason: "Only 1 ticket was left." },
        { competitionName: "Comp b", exceptionReason: "The competition has closed." },
      ],
    })
    expect(checkoutOutcome(before, after)).toEqual({
      kind: "partial",
      content: {
        title: "Changes to your basket",
        lines: [
          { kind: "text", text: basketTexts.partlyAllocated },
          { kind: "bullet", text: "Comp a: Only 1 ticket was left." },
          { kind: "bullet", text: "Comp b: The competition has closed." },
        ],
      },
    })
  })

  it("partial even without reasons when a quantity changed", () => {
    expect(checkoutOutcome(before, basket({ items: [item("a", 3), item("b", 1)] })).kind).toBe(
      "partial",
    )
  })

  it("says so when the basket's voucher was not applied to the order", () => {
    const discounted = basket({
      items: [item("a", 3), item("b", 2)],
      discountTotal: 125,
      appliedPromotionCodes: [{ code: "LASTONE" }],
    })
    const after = basket({ items: [item("a", 3), item("b", 2)] })
    expect(checkoutOutcome(discounted, after, { discountTotal: 0 })).toEqual({
      kind: "partial",
      content: {
        title: "Changes to your basket",
        lines: [{ kind: "text", text: basketTexts.voucherDropped("LASTONE") }],
      },
    })
    expect(basketTexts.voucherDropped("LASTONE")).toContain(
      "Your voucher LASTONE could not be applied",
    )
    // Applied (even if smaller because fewer tickets were allocated): nothing to say about it.
    expect(checkoutOutcome(discounted, after, { discountTotal: 125 })).toEqual({
      kind: "unchanged",
    })
    // No voucher in the basket: nothing to say.
    expect(checkoutOutcome(before, after, { discountTotal: 0 })).toEqual({ kind: "unchanged" })
  })

  it("none: nothing left", () => {
    const outcome = checkoutOutcome(before, basket({ items: [] }))
    expect(outcome.kind).toBe("none")
    expect(outcome.kind !== "unchanged" && outcome.content.lines[0]?.text).toBe(
      "Sorry, but we couldn't allocate any of the tickets in your basket. It's possible you've either reached your allowance, or that the competitions are now closed/sold out.",
    )
  })
})

describe("a site-credit line among the items", () => {
  const credit = {
    itemType: "SiteCredit",
    id: "sitecredit",
    competitionTicketDetails: null,
    siteCreditDetails: { description: "Howzat Credit", creditAmount: 2000 },
    preDiscountTotal: 2000,
    lineTotal: 2000,
    discounts: [],
  } as const
  const withCredit = basket({ items: [item("a", 3), credit], basketTotal: 2750 })

  it("is no ticket line: the storefront reads and counts tickets only", () => {
    expect(ticketItems(withCredit).map((i) => i.id)).toEqual(["item-a"])
    expect(ticketItems(null)).toEqual([])
    expect(basketSummary(withCredit)).toEqual({ itemCount: 1, total: 2750 })
    expect(quantityInBasket(withCredit, "a")).toBe(3)
  })

  it("changes nothing checkout reports when the tickets are as they were", () => {
    expect(checkoutOutcome(withCredit, basket({ items: [item("a", 3)] }))).toEqual({
      kind: "unchanged",
    })
    expect(checkoutOutcome(withCredit, basket({ items: [credit] })).kind).toBe("none")
  })
})

describe("a failed checkout (docs/product/errors.md)", () => {
  const http = (status: number, title: string, detail: string, type = "") =>
    new ApiError("http", status, title, detail, type)
  const empty = (detail: string) =>
    http(409, "Changes to your basket", detail, BASKET_EMPTY_PROBLEM)

  it("'basket is empty' with items here: nothing could be allocated, go home", () => {
    expect(checkoutFailure(empty("The basket is empty."), 2)).toEqual({
      goHome: true,
      content: {
        title: "Changes to your basket",
        lines: [{ kind: "text", text: basketTexts.noneAllocated }],
      },
    })
  })

  it("lists the shop's reasons, one bullet per competition", () => {
    const detail = [
      "Your basket is empty: none of its tickets could be allocated.",
      " -- Lord's Test Match Hospitality for Two: You have reached your allowance.",
      " -- £10,000 Tax-Free Cash: The competition has closed.",
    ].join("\n")
    expect(checkoutFailure(empty(detail), 2).content.lines).toEqual([
      { kind: "text", text: basketTexts.noneAllocated },
      {
        kind: "bullet",
        text: "Lord's Test Match Hospitality for Two: You have reached your allowance.",
      },
      { kind: "bullet", text: "£10,000 Tax-Free Cash: The competition has closed." },
    ])
  })

  it("a customer on a break, closed or not verified 18+: the refusal's own words and support", () => {
    const detail =
      "Your account is on a break until 25th May 2027 at 12:00pm, so you can't buy tickets or enter competitions until then."
    const refusal = new ApiError(
      "http",
      409,
      "Account on a break",
      detail,
      "https://howzat.example/problems/account-on-a-break",
    )
    expect(checkoutFailure(refusal, 1)).toEqual({
      goHome: false,
      content: {
        title: "Account on a break",
        lines: [{ kind: "text", text: detail }],
        showResponsiblePlay: true,
      },
    })
  })

  it("knows what happened by the problem's type, never by its words", () => {
    // The words of a basket-empty problem under another type are only shown.
    const sentence = "Your basket is empty: none of its tickets could be allocated."
    expect(checkoutFailure(http(409, "Changes to your basket", sentence), 2)).toEqual({
      goHome: false,
      content: { title: "Changes to your basket", lines: [{ kind: "text", text: sentence }] },
    })
    // And a basket-empty problem in other words is still one.
    expect(checkoutFailure(empty("Nothing could be allocated."), 2).goHome).toBe(true)
    const titled = (title: string) => checkoutFailure(http(409, title, "Why"), 1).content.title
    expect(titled("An application error has occurred.")).toBe("Changes to your basket")
    expect(titled("One or more validation errors occurred.")).toBe("Changes to your basket")
    const typed = (type: string) => checkoutFailure(http(409, "Conflict", "Why", type), 1)
    expect(typed(APPLICATION_ERROR_PROBLEM).content.showContact).toBe(true)
    expect(typed(VALIDATION_ERROR_PROBLEM).content.lines[0]?.text).toBe(basketTexts.invalidDetails)
  })

  it("a basket-empty problem with nothing in the basket here is shown as it is", () => {
    expect(checkoutFailure(empty("Your basket is empty."), 0)).toEqual({
      goHome: false,
      content: {
        title: "Changes to your basket",
        lines: [{ kind: "text", text: "Your basket is empty." }],
      },
    })
  })

  it("'application error': perhaps already registered, with the contact address", () => {
    const { content, goHome } = checkoutFailure(
      http(400, "An application error has occurred.", "Email taken", APPLICATION_ERROR_PROBLEM),
      1,
    )
    expect(goHome).toBe(false)
    expect(content).toEqual({
      title: "Oops!",
      lines: [{ kind: "text", text: errorTexts.alreadyRegistered }],
      showContact: true,
    })
  })

  it("'validation error': the fields need a look", () => {
    const invalid = http(
      400,
      "One or more validation errors occurred.",
      "",
      VALIDATION_ERROR_PROBLEM,
    )
    const { content } = checkoutFailure(invalid, 1)
    expect(content.title).toBe("Oops!")
    expect(content.lines[0]?.text).toBe(
      "There seems to be a problem with the details you've entered. Please check that all the fields below are filled in, and not showing any error messages.",
    )
  })

  it("anything else under 'Changes to your basket' with its detail", () => {
    expect(checkoutFailure(http(409, "Conflict", "The competition has closed."), 1)).toEqual({
      goHome: false,
      content: {
        title: "Changes to your basket",
        lines: [{ kind: "text", text: "The competition has closed." }],
      },
    })
  })
})

describe("site credit typed at checkout (docs/product/validation.md)", () => {
  const b = basket({ siteCreditAvailable: 1500, basketTotal: 800, siteCreditDebitAmount: 200 })

  it("strips what is not a number and clamps to the balance and the basket", () => {
    expect(siteCreditFromText("£5.50", b)).toBe(550)
    // The basket costs 800 + the 200 already applied.
    expect(siteCreditFromText("20", b)).toBe(1000)
    expect(siteCreditFromText("abc", b)).toBe(0)
    expect(siteCreditFromText("-3", b)).toBe(300)
    expect(siteCreditFromText("50", basket({ siteCreditAvailable: 400, basketTotal: 5000 }))).toBe(
      400,
    )
  })

  it("is shown with two decimals", () => {
    expect(poundsText(siteCreditFromText("5.5", b))).toBe("5.50")
    expect(poundsText(siteCreditFromText("0", b))).toBe("0.00")
  })
})

describe("a refused change", () => {
  it("shows the problem's detail, or says the shop could not be reached", () => {
    expect(basketErrorText(new ApiError("http", 409, "Conflict", "At most 5 per person."))).toBe(
      "At most 5 per person.",
    )
    expect(basketErrorText(new ApiError("http", 409, "Conflict", ""))).toBe("Conflict")
    expect(basketErrorText(new ApiError("network", 0, "Network error", "x"))).toMatch(/reach/)
  })
})
