import {
  SPEND_LIMIT_REACHED_PROBLEM,
  SPEND_LIMIT_UNANSWERED_PROBLEM,
} from "@howzat/contracts/problem-types"
import { spendLimitMessages } from "@howzat/core/rules"
import { describe, expect, it } from "vitest"
import { ApiError } from "../api/client"
import { checkoutFailure } from "./basket"
import { spendLimitAnswer, spendLimitFailure, spendLimitFromText } from "./spend-limits"

const REACHED =
  "This order would take you over your monthly spend limit of £0.00. You have £0.00 left to spend this month."

describe("the spend-limit amount box", () => {
  it("reads pounds to the penny, £0 included", () => {
    expect(spendLimitFromText("0")).toEqual({ amount: 0 })
    expect(spendLimitFromText("£1,250.5")).toEqual({ amount: 125_050 })
    expect(spendLimitFromText(" 50.00 ")).toEqual({ amount: 5000 })
  })

  it("says what is wrong", () => {
    expect(spendLimitFromText("")).toEqual({ error: spendLimitMessages.choiceRequired })
    expect(spendLimitFromText("-5")).toEqual({ error: spendLimitMessages.amountNegative })
    expect(spendLimitFromText("1.234")).toEqual({ error: spendLimitMessages.amountInvalid })
    expect(spendLimitFromText("ten")).toEqual({ error: spendLimitMessages.amountInvalid })
    expect(spendLimitFromText("100000.01")).toEqual({ error: spendLimitMessages.amountTooLarge })
  })

  it("sends no answer for 'later' and no limit only when chosen", () => {
    expect(spendLimitAnswer("later", "20")).toEqual({})
    expect(spendLimitAnswer("none", "")).toEqual({ spendLimit: { noLimit: true } })
    expect(spendLimitAnswer("amount", "0")).toEqual({ spendLimit: { amount: 0 } })
  })
})

describe("checkout's spend-limit refusals", () => {
  it("shows the sentence with the limit page and responsible play, keeping the basket", () => {
    const error = new ApiError(
      "http",
      409,
      "Monthly spend limit reached",
      REACHED,
      SPEND_LIMIT_REACHED_PROBLEM,
    )
    expect(checkoutFailure(error, 1)).toEqual({
      goHome: false,
      content: {
        title: "Monthly spend limit reached",
        lines: [{ kind: "text", text: REACHED }],
        links: [
          { label: "See or change your monthly spend limit", href: "/Account/SpendLimit" },
          { label: "Help and advice on playing responsibly", href: "/ResponsiblePlay" },
        ],
      },
    })
  })

  it("asks the unanswered question with a link to answer it, and ignores other conflicts", () => {
    const unanswered = new ApiError(
      "http",
      409,
      "x",
      "Answer first",
      SPEND_LIMIT_UNANSWERED_PROBLEM,
    )
    expect(spendLimitFailure(unanswered)?.links?.[0]?.href).toBe("/Account/SpendLimit")
    expect(spendLimitFailure(new ApiError("http", 409, "Conflict", "Sold out"))).toBeUndefined()
  })
})
