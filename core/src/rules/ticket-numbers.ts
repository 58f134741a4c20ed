/**
 * A customer with 500 consecutive tickets wants to read "1-500", not five
 * hundred numbers. Ticket numbers are whole and non-negative; anything else
 * is ignored rather than shown.
 */
export const compressTicketNumbers = (numbers: readonly number[]): string => {
  const sorted = [...new Set(numbers)]
    .filter((n) => Number.isSafeInteger(n) && n >= 0)
    .sort((a, b) => a - b)
  const runs: string[] = []
  let runStart: number | undefined
  let previous: number | undefined
  for (const n of sorted) {
    if (previous !== undefined && n === previous + 1) {
      previous = n
      continue
    }
    if (runStart !== undefined && previous !== undefined) runs.push(formatRun(runStart, previous))
    runStart = n
    previous = n
  }
  if (runStart !== undefined && previous !== undefined) runs.push(formatRun(runStart, previous))
  return runs.join(", ")
}

const formatRun = (first: number, last: number): string =>
  first === last ? String(first) : `${first}-${last}`

const RUN = /^(\d+)(?:\s*-\s*(\d+))?$/

/** Reads "1-3, 7, 9-10" (or the API's plain "1,2,3") back into numbers; unreadable parts are skipped. */
export const expandTicketRanges = (text: string): number[] => {
  const numbers = new Set<number>()
  for (const part of text.split(",")) {
    const match = RUN.exec(part.trim())
    if (!match) continue
    const first = Number(match[1])
    const last = match[2] === undefined ? first : Number(match[2])
    const [low, high] = first <= last ? [first, last] : [last, first]
    if (!Number.isSafeInteger(high)) continue
    for (let n = low; n <= high; n++) numbers.add(n)
  }
  return [...numbers].sort((a, b) => a - b)
}
