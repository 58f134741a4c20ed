import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  hoursText,
  ordinalDate,
  ordinalDateTime,
  ordinalSuffix,
  startOfLondonMonth,
  zonedParts,
  zonedTimeToUtc,
} from "./dates.js"

const reasonableDate = fc.date({
  min: new Date("1950-01-01T00:00:00Z"),
  max: new Date("2100-01-01T00:00:00Z"),
  noInvalidDate: true,
})

describe("ordinalSuffix", () => {
  it.each([
    [1, "st"],
    [2, "nd"],
    [3, "rd"],
    [4, "th"],
    [11, "th"],
    [12, "th"],
    [13, "th"],
    [21, "st"],
    [22, "nd"],
    [23, "rd"],
    [31, "st"],
    [101, "st"],
    [111, "th"],
    [112, "th"],
  ])("gives %i the suffix %s", (n, suffix) => {
    expect(ordinalSuffix(n)).toBe(suffix)
  })

  it("depends only on the last two digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (n) => {
        expect(ordinalSuffix(n + 100)).toBe(ordinalSuffix(n))
      }),
    )
  })
})

describe("ordinalDate", () => {
  it("writes dates the way docs/product/constants.md shows them", () => {
    expect(ordinalDate(new Date("2025-03-05T12:00:00Z"))).toBe("5th March 2025")
  })

  it("uses London's calendar, not UTC's", () => {
    // 23:30Z on 10 July is already 00:30 on the 11th in British Summer Time.
    expect(ordinalDate(new Date("2025-07-10T23:30:00Z"))).toBe("11th July 2025")
    expect(ordinalDate(new Date("2025-07-10T23:30:00Z"), "UTC")).toBe("10th July 2025")
  })

  it("always reads as day, suffix, English month, year", () => {
    fc.assert(
      fc.property(reasonableDate, (date) => {
        expect(ordinalDate(date)).toMatch(
          /^([1-9]|[12]\d|3[01])(st|nd|rd|th) (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
        )
      }),
    )
  })
})

describe("ordinalDateTime", () => {
  it.each([
    ["2025-03-05T20:30:00Z", "5th March 2025 at 8:30pm"],
    ["2025-07-03T19:30:00Z", "3rd July 2025 at 8:30pm"],
    ["2025-03-05T00:05:00Z", "5th March 2025 at 12:05am"],
    ["2025-03-05T12:00:00Z", "5th March 2025 at 12:00pm"],
    ["2025-03-05T09:07:00Z", "5th March 2025 at 9:07am"],
  ])("writes %s as %s", (iso, text) => {
    expect(ordinalDateTime(new Date(iso))).toBe(text)
  })
})

describe("zonedTimeToUtc", () => {
  it("knows London is an hour ahead of UTC in summer and level in winter", () => {
    expect(zonedTimeToUtc(2025, 7, 10, 20, 30).toISOString()).toBe("2025-07-10T19:30:00.000Z")
    expect(zonedTimeToUtc(2025, 1, 9, 20, 30).toISOString()).toBe("2025-01-09T20:30:00.000Z")
  })

  it("is undone by zonedParts for every whole minute", () => {
    fc.assert(
      fc.property(reasonableDate, (date) => {
        const p = zonedParts(date)
        const back = zonedTimeToUtc(p.year, p.month, p.day, p.hour, p.minute)
        const roundTrip = zonedParts(back)
        expect([
          roundTrip.year,
          roundTrip.month,
          roundTrip.day,
          roundTrip.hour,
          roundTrip.minute,
        ]).toEqual([p.year, p.month, p.day, p.hour, p.minute])
      }),
    )
  })
})

describe("startOfLondonMonth", () => {
  it("is London's midnight on the 1st, in summer time and in winter", () => {
    expect(startOfLondonMonth(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe(
      "2026-06-30T23:00:00.000Z",
    )
    expect(startOfLondonMonth(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    )
    // 00:30 BST on 1st August is still 31st July in UTC, but August in London.
    expect(startOfLondonMonth(new Date("2026-07-31T23:30:00Z")).toISOString()).toBe(
      "2026-07-31T23:00:00.000Z",
    )
  })

  it("is never after the moment and always the 1st at midnight in London", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (date) => {
          const start = startOfLondonMonth(date)
          const parts = zonedParts(start)
          const moment = zonedParts(date)
          expect(start.getTime()).toBeLessThanOrEqual(date.getTime())
          expect([parts.day, parts.hour, parts.minute, parts.month, parts.year]).toEqual([
            1,
            0,
            0,
            moment.month,
            moment.year,
          ])
        },
      ),
    )
  })
})

describe("hoursText", () => {
  it("states a length in hours, singular for one", () => {
    expect(hoursText(1)).toBe("1 hour")
    expect(hoursText(24)).toBe("24 hours")
    expect(hoursText(48)).toBe("48 hours")
  })
})
