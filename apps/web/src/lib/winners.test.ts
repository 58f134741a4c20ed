import type { CompetitionWinnerJson } from "@howzat/contracts/catalogue"
import { describe, expect, it } from "vitest"
import { groupWinnersByDrawDate } from "./winners"

const winner = (name: string, drawDate: string): CompetitionWinnerJson => ({
  isVisible: true,
  competition: { id: name, name },
  customer: { fullName: `${name} winner` },
  ticketNumber: 1,
  drawDate,
  images: [],
})

describe("groupWinnersByDrawDate", () => {
  it("groups by UK calendar day, newest day first", () => {
    const groups = groupWinnersByDrawDate([
      winner("old", "2025-03-05T20:30:00Z"),
      winner("new-a", "2025-03-12T20:30:00Z"),
      winner("new-b", "2025-03-12T09:00:00Z"),
    ])
    expect(groups.map((g) => g.drawDate)).toEqual(["12th March 2025", "5th March 2025"])
    expect(groups[0]?.winners.map((w) => w.competition.name)).toEqual(["new-a", "new-b"])
  })

  it("puts a draw just after midnight in London on London's day", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in British Summer Time.
    const [group] = groupWinnersByDrawDate([winner("late", "2025-06-30T23:30:00Z")])
    expect(group?.drawDate).toBe("1st July 2025")
  })

  it("has no groups without winners", () => {
    expect(groupWinnersByDrawDate([])).toEqual([])
  })
})
