import { describe, expect, it } from "vitest"
import {
  instantWinGroupMessages,
  isImageUrl,
  MAX_IMAGES_PER_INSTANT_WIN_GROUP,
  ticketCountTooLarge,
  validateInstantWinGroup,
} from "./instant-win-groups.js"

const draft = (overrides: Partial<Parameters<typeof validateInstantWinGroup>[0]> = {}) => ({
  name: "Signed bat",
  ticketCount: 5,
  imageUrls: [],
  prizeSiteCreditPence: null,
  ...overrides,
})

describe("isImageUrl", () => {
  it.each([
    "/images/prizes/bat.webp",
    "https://cdn.example.com/bat.webp",
    "http://localhost:3000/images/bat.png",
  ])("accepts %s", (url) => expect(isImageUrl(url)).toBe(true))

  it.each([
    "",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "//evil.example/bat.webp",
    "/\\evil.example/bat.webp",
    "images/bat.webp",
    "https://",
    "/images/a bat.webp",
    `/${"a".repeat(2000)}`,
  ])("refuses %s", (url) => expect(isImageUrl(url)).toBe(false))
})

describe("validateInstantWinGroup", () => {
  it("accepts a group that uses every free number", () => {
    expect(validateInstantWinGroup(draft({ ticketCount: 5 }), 5)).toEqual({})
  })

  it("says how many numbers are left when the count is larger", () => {
    expect(validateInstantWinGroup(draft({ ticketCount: 6 }), 5)).toEqual({
      ticketCount: "Only 5 ticket numbers are left for instant wins in this competition",
    })
    expect(ticketCountTooLarge(1)).toBe(
      "Only 1 ticket number is left for instant wins in this competition",
    )
  })

  it("names each field's problem", () => {
    expect(
      validateInstantWinGroup(
        draft({
          name: "x".repeat(256),
          ticketCount: 0,
          imageUrls: Array.from(
            { length: MAX_IMAGES_PER_INSTANT_WIN_GROUP + 1 },
            () => "/images/a.webp",
          ),
          prizeSiteCreditPence: -1,
        }),
        100,
      ),
    ).toEqual({
      name: instantWinGroupMessages.nameTooLong,
      ticketCount: instantWinGroupMessages.ticketCountTooSmall,
      imageUrls: instantWinGroupMessages.tooManyImages,
      prizeSiteCreditPence: instantWinGroupMessages.prizeNotPositive,
    })
  })

  it("judges the name without the spaces around it", () => {
    expect(validateInstantWinGroup(draft({ name: "  \t " }), 10)).toEqual({
      name: instantWinGroupMessages.nameRequired,
    })
    expect(validateInstantWinGroup(draft({ name: ` ${"x".repeat(255)} ` }), 10)).toEqual({})
  })
})
