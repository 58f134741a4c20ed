import type { CompetitionWinnerJson } from "@howzat/contracts/catalogue"
import { ordinalDate } from "@howzat/core/rules"

export interface WinnersOnDay {
  /** "5th March 2025" */
  readonly drawDate: string
  readonly winners: CompetitionWinnerJson[]
}

/**
 * The winners page's timeline: one group per UK calendar day of the draw,
 * newest day first, winners within a day in the order the API gave them.
 */
export const groupWinnersByDrawDate = (
  winners: readonly CompetitionWinnerJson[],
): WinnersOnDay[] => {
  const byDay = new Map<string, { at: number; winners: CompetitionWinnerJson[] }>()
  for (const winner of winners) {
    const at = new Date(winner.drawDate).getTime()
    const day = ordinalDate(new Date(at))
    const group = byDay.get(day)
    if (group) {
      group.winners.push(winner)
      group.at = Math.max(group.at, at)
    } else {
      byDay.set(day, { at, winners: [winner] })
    }
  }
  return [...byDay.entries()]
    .sort(([, a], [, b]) => b.at - a.at)
    .map(([drawDate, group]) => ({ drawDate, winners: group.winners }))
}
