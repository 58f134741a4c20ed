import type { OrderTicketJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import { wonHeading, wonPrizes } from "./won-prizes"

const ticket = (
  competitionName: string,
  ticketNumber: number,
  instantWin: OrderTicketJson["instantWin"],
): OrderTicketJson => ({
  competitionId: `id-${competitionName}`,
  competitionName,
  ticketNumber,
  instantWin,
})
const group = (name: string) => ({ id: `group-${name}`, name })

describe("wonPrizes", () => {
  it("keeps only the tickets that won, by competition then number, with the prize", () => {
    const prizes = wonPrizes([
      ticket("Lucky Dip", 9, { won: true, instantWinGroup: group("£1 Site Credit") }),
      ticket("Lucky Dip", 3, { won: true, instantWinGroup: group("Kookaburra Match Ball") }),
      ticket("A bat", 40, { won: true, instantWinGroup: group("£25 Site Credit") }),
      ticket("A bat", 7, null),
      ticket("A bat", 8, { won: false, instantWinGroup: group("£25 Site Credit") }),
    ])
    expect(prizes.map((p) => [p.competitionName, p.ticketNumber, p.prizeName])).toEqual([
      ["A bat", 40, "£25 Site Credit"],
      ["Lucky Dip", 3, "Kookaburra Match Ball"],
      ["Lucky Dip", 9, "£1 Site Credit"],
    ])
    expect(wonPrizes([ticket("A bat", 7, null)])).toEqual([])
  })

  it("heads one prize or several", () => {
    expect(wonHeading(1)).toBe("You've won an instant prize!")
    expect(wonHeading(3)).toBe("You've won 3 instant prizes!")
  })
})
