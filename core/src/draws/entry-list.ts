/**
 * The entry list exactly as published: ticket numbers in decimal, strictly
 * ascending, joined by "\n", no trailing newline (the empty text is no
 * entries). A million entries are about 7 MB of text; reading it in one
 * pass and remembering where each line starts finds any entry without
 * splitting it into a million strings or numbers.
 */
export interface EntryList {
  readonly text: string
  readonly count: number
  /** The ticket number at a 0-based position of the sorted list. */
  readonly ticketAt: (index: number) => number
}

const NEWLINE = 10
const ZERO = 48
const NINE = 57

/** Reads and checks the published form; anything else is a RangeError saying where. */
export const readEntryList = (text: string): EntryList => {
  if (text === "") return { text, count: 0, ticketAt: () => Number.NaN }
  const starts: number[] = [0]
  let previous = 0
  let current = 0
  let digits = 0
  for (let i = 0; i <= text.length; i++) {
    const code = i === text.length ? NEWLINE : text.charCodeAt(i)
    if (code === NEWLINE) {
      const line = starts.length
      if (digits === 0) throw new RangeError(`entry ${line} is empty`)
      if (text.charCodeAt(starts[line - 1] as number) === ZERO)
        throw new RangeError(`entry ${line} has a leading zero`)
      if (line > 1 && current <= previous)
        throw new RangeError(`entry ${line} (${current}) is not above the one before`)
      previous = current
      current = 0
      digits = 0
      if (i < text.length) starts.push(i + 1)
    } else if (code >= ZERO && code <= NINE) {
      current = current * 10 + (code - ZERO)
      digits += 1
      if (digits > 15) throw new RangeError(`entry ${starts.length} is too long`)
    } else {
      throw new RangeError(`entry ${starts.length} has a character that is not a digit`)
    }
  }
  const offsets = Uint32Array.from(starts)
  return {
    text,
    count: offsets.length,
    ticketAt: (index) => {
      const start = offsets[index] as number
      const end = index + 1 < offsets.length ? (offsets[index + 1] as number) - 1 : text.length
      return Number(text.slice(start, end))
    },
  }
}
