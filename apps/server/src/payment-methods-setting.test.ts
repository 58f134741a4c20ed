import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  BANK_PROVIDERS,
  CARD_PROVIDERS,
  readPaymentMethods,
  refuseReplacedSettings,
} from "./payment-methods-setting"

describe("PAYMENT_METHODS", () => {
  it("offers the sandbox's cards when unset, as npm start runs", () => {
    expect(readPaymentMethods(undefined)).toEqual({ card: "sandbox", bank: undefined })
    expect(readPaymentMethods("  ")).toEqual({ card: "sandbox", bank: undefined })
  })

  it("reads every card provider, with or without pay by bank, in either order and spacing", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CARD_PROVIDERS),
        fc.option(fc.constantFrom(...BANK_PROVIDERS), { nil: undefined }),
        fc.boolean(),
        fc.constantFrom("", " ", "  "),
        (card, bank, bankFirst, pad) => {
          const parts = [`card${pad}:${pad}${card}`, ...(bank ? [`bank:${bank}`] : [])]
          const text = (bankFirst ? parts.reverse() : parts).join(`${pad},${pad}`)
          expect(readPaymentMethods(text)).toEqual({ card, bank })
        },
      ),
    )
  })

  it("names the mistake, and what would be right", () => {
    expect(() => readPaymentMethods("card:adyen")).toThrow(
      'PAYMENT_METHODS: card is taken by sandbox or stripe or checkout, not "card:adyen"',
    )
    expect(() => readPaymentMethods("card:checkout,bank:gocardless")).toThrow(
      'bank is taken by truelayer, not "bank:gocardless"',
    )
    expect(() => readPaymentMethods("checkout")).toThrow(
      "PAYMENT_METHODS names methods as card:<provider> or bank:<provider>",
    )
    expect(() => readPaymentMethods("card:stripe,card:checkout")).toThrow("names card twice")
    expect(() => readPaymentMethods("card:stripe:live")).toThrow('not "card:stripe:live"')
    expect(() => readPaymentMethods("bank:truelayer")).toThrow(
      "PAYMENT_METHODS must name a card provider",
    )
    expect(() => readPaymentMethods("card:sandbox,")).toThrow('not ""')
  })

  it("refuses the two settings it replaced, saying the line that means the same", () => {
    expect(() => refuseReplacedSettings({})).not.toThrow()
    expect(() => refuseReplacedSettings({ PAYMENT_GATEWAY: " " })).not.toThrow()
    expect(() =>
      refuseReplacedSettings({ PAYMENT_GATEWAY: "checkout", PAY_BY_BANK: "truelayer" }),
    ).toThrow(
      "PAYMENT_GATEWAY and PAY_BY_BANK are now one setting: PAYMENT_METHODS=card:checkout,bank:truelayer",
    )
    expect(() => refuseReplacedSettings({ PAY_BY_BANK: "off", PAYMENT_GATEWAY: "stripe" })).toThrow(
      "PAYMENT_METHODS=card:stripe",
    )
    expect(() => refuseReplacedSettings({ PAY_BY_BANK: "truelayer" })).toThrow(
      "PAYMENT_METHODS=card:sandbox,bank:truelayer",
    )
  })
})
