import { hmac } from "@noble/hashes/hmac.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import { type EntryList, readEntryList } from "./entry-list.js"

/**
 * The published draw procedure (docs/fairness.md), letter for letter. These
 * are plain functions over bytes and text so that the server, the tests and
 * anyone's own checker compute exactly the same thing; `verify-draw`
 * re-implements them independently on node:crypto as a cross-check.
 *
 * Hashing is @noble/hashes: synchronous, audited, and the same in a browser
 * as on the server, which core needs (it imports nothing from Node).
 */

const TWO_TO_64 = 1n << 64n

/** `hex(SHA-256(S))`: published when the competition is created, before anyone can enter. */
export const seedCommitment = (seed: Uint8Array): string => bytesToHex(sha256(seed))

const isAscendingAndDistinct = (numbers: readonly number[]): boolean => {
  for (let i = 1; i < numbers.length; i++) {
    if ((numbers[i] as number) <= (numbers[i - 1] as number)) return false
  }
  return true
}

/** The entries in the published order: ascending, each ticket number once. */
export const sortedEntries = (ticketNumbers: readonly number[]): readonly number[] => {
  if (isAscendingAndDistinct(ticketNumbers)) return ticketNumbers
  return [...new Set(ticketNumbers)].sort((a, b) => a - b)
}

/** Ticket numbers as decimal text joined by "\n", no trailing newline: the downloadable list. */
export const entriesText = (ticketNumbers: readonly number[]): string =>
  sortedEntries(ticketNumbers).join("\n")

/** `hex(SHA-256(entries text as UTF-8))`. */
export const entriesHash = (ticketNumbers: readonly number[]): string =>
  bytesToHex(sha256(utf8ToBytes(entriesText(ticketNumbers))))

export interface WinnerInputs {
  readonly seed: Uint8Array
  /** As the API shows it; lower-cased here so a checker's copy in capitals still matches. */
  readonly competitionId: string
  readonly entriesHash: string
  /** The beacon's public value as hex text, or "" for a shop drawn without one. */
  readonly beacon: string
  readonly entryCount: number
}

/** The message of attempt k: `competitionId|entriesHash|B|k`. */
export const attemptMessage = (inputs: WinnerInputs, attempt: number): string =>
  `${inputs.competitionId.toLowerCase()}|${inputs.entriesHash}|${inputs.beacon}|${attempt}`

/** The first 8 bytes of `HMAC-SHA256(key = S, message)` as an unsigned big-endian integer. */
export const attemptValue = (inputs: WinnerInputs, attempt: number): bigint => {
  const h = hmac(sha256, inputs.seed, utf8ToBytes(attemptMessage(inputs, attempt)))
  let x = 0n
  for (let i = 0; i < 8; i++) x = (x << 8n) | BigInt(h[i] as number)
  return x
}

/** `floor(2^64 / N) * N`: values at or above it would favour the low indices, so they are redrawn. */
export const acceptanceLimit = (entryCount: number): bigint =>
  (TWO_TO_64 / BigInt(entryCount)) * BigInt(entryCount)

export interface WinningIndex {
  /** 0-based position in the sorted entries. */
  readonly index: number
  /** The k that was accepted (almost always 0). */
  readonly attempt: number
}

/**
 * Rejection sampling: the first of x_0, x_1, ... below `acceptanceLimit(N)`
 * decides, as index `x mod N`. Every index then has exactly floor(2^64 / N)
 * accepted values, so each entry has the same chance. Undefined only if the
 * values run out first, which the endless HMAC sequence of a draw never does.
 */
export const acceptFirst = (
  values: Iterable<bigint>,
  entryCount: number,
): WinningIndex | undefined => {
  if (!Number.isSafeInteger(entryCount) || entryCount < 1) {
    throw new RangeError(`a draw needs at least one entry, not ${entryCount}`)
  }
  const limit = acceptanceLimit(entryCount)
  let attempt = 0
  for (const x of values) {
    if (x < limit) return { index: Number(x % BigInt(entryCount)), attempt }
    attempt++
  }
  return undefined
}

function* attemptValues(inputs: WinnerInputs): Generator<bigint> {
  for (let attempt = 0; ; attempt++) yield attemptValue(inputs, attempt)
}

/**
 * The winning index of a draw: `acceptFirst` over the HMAC values of
 * k = 0, 1, 2, ... A rejection has a chance below N / 2^64, so the loop ends
 * at once.
 */
export const winningIndex = (inputs: WinnerInputs): WinningIndex =>
  acceptFirst(attemptValues(inputs), inputs.entryCount) as WinningIndex

export interface DrawnWinner {
  readonly entriesHash: string
  readonly entryCount: number
  readonly attempt: number
  readonly winningTicketNumber: number
}

export interface NoEntries {
  readonly entriesHash: string
  readonly entryCount: 0
}

/**
 * The whole draw over the competition's entry list as published (see
 * ./entry-list): a winner, or none when nobody entered. The text is what
 * is hashed, so what the shop publishes is exactly what was drawn from.
 */
export const drawFromEntryList = (draw: {
  readonly seed: Uint8Array
  readonly competitionId: string
  readonly beacon: string
  readonly entries: EntryList
  /**
   * `entryListHash(entries)` when the caller has it already (the draw takes
   * it natively, decision 0091); else it is taken here. Either way the
   * same SHA-256 of the same bytes.
   */
  readonly entriesHash?: string
}): DrawnWinner | NoEntries => {
  const hash = draw.entriesHash ?? bytesToHex(sha256(draw.entries.bytes))
  if (draw.entries.count === 0) return { entriesHash: hash, entryCount: 0 }
  const { index, attempt } = winningIndex({
    seed: draw.seed,
    competitionId: draw.competitionId,
    entriesHash: hash,
    beacon: draw.beacon,
    entryCount: draw.entries.count,
  })
  return {
    entriesHash: hash,
    entryCount: draw.entries.count,
    attempt,
    winningTicketNumber: draw.entries.ticketAt(index),
  }
}

/** The same draw over ticket numbers in any order (sorted, each once, then written out). */
export const drawWinner = (draw: {
  readonly seed: Uint8Array
  readonly competitionId: string
  readonly beacon: string
  readonly ticketNumbers: readonly number[]
}): DrawnWinner | NoEntries =>
  drawFromEntryList({ ...draw, entries: readEntryList(entriesText(draw.ticketNumbers)) })

export interface InstantWinLine {
  readonly instantWinGroupId: string
  readonly ticketNumber: number
}

/**
 * `groupId:ticketNumber` per winning number (group ids lower case), sorted
 * as plain text (code-unit order, what every language's default string sort
 * does for ASCII), joined by "\n".
 */
export const instantWinLines = (lines: readonly InstantWinLine[]): string =>
  lines
    .map((line) => `${line.instantWinGroupId.toLowerCase()}:${line.ticketNumber}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join("\n")

/** `hex(SHA-256(salt + "\n" + lines))`, salt being 32 random bytes as lower-case hex. */
export const instantWinCommitment = (saltHex: string, lines: readonly InstantWinLine[]): string =>
  bytesToHex(sha256(utf8ToBytes(`${saltHex}\n${instantWinLines(lines)}`)))

/**
 * A redraw's entries (docs/fairness.md, "Redraws"): the original draw's
 * entry list as published, less the winning tickets already replaced. Only
 * tickets leave, never a customer's other tickets: the public can check
 * that exactly the named tickets were taken out, which it could not if
 * tickets were removed by who holds them.
 */
export const redrawEntriesText = (
  originalEntries: string,
  excludedTicketNumbers: readonly number[],
): string => {
  if (originalEntries === "") return ""
  const excluded = new Set(excludedTicketNumbers)
  return originalEntries
    .split("\n")
    .filter((line) => !excluded.has(Number(line)))
    .join("\n")
}

export interface RedrawInputs {
  readonly seed: Uint8Array
  readonly competitionId: string
  /** SHA-256 of the redraw's own entries text (the original less the excluded tickets). */
  readonly entriesHash: string
  /** The beacon round first published after the redraw was asked for, or "". */
  readonly beacon: string
  readonly entryCount: number
  /** 1 for the first redraw of a competition, 2 for a redraw of that one's winner, ... */
  readonly redrawNumber: number
  /** Every winning ticket replaced so far, the one this redraw replaces among them. */
  readonly excludedTicketNumbers: readonly number[]
}

/**
 * The message of attempt k of redraw r:
 * `competitionId|entriesHash|B|k|redraw:r|excluded:e1,e2,...`, the excluded
 * tickets ascending. Six fields where a main draw has four, so no redraw's
 * message is ever a main draw's.
 */
export const redrawAttemptMessage = (inputs: RedrawInputs, attempt: number): string =>
  `${inputs.competitionId.toLowerCase()}|${inputs.entriesHash}|${inputs.beacon}|${attempt}` +
  `|redraw:${inputs.redrawNumber}|excluded:${[...new Set(inputs.excludedTicketNumbers)]
    .sort((a, b) => a - b)
    .join(",")}`

function* redrawAttemptValues(inputs: RedrawInputs): Generator<bigint> {
  for (let attempt = 0; ; attempt++) {
    const h = hmac(sha256, inputs.seed, utf8ToBytes(redrawAttemptMessage(inputs, attempt)))
    let x = 0n
    for (let i = 0; i < 8; i++) x = (x << 8n) | BigInt(h[i] as number)
    yield x
  }
}

/**
 * A redraw over the original entry list as published: the same seed S,
 * the same rejection sampling, over the entries left once the replaced
 * winners are taken out. NoEntries when none are left.
 */
export const redrawFromEntryList = (redraw: {
  readonly seed: Uint8Array
  readonly competitionId: string
  readonly beacon: string
  readonly originalEntries: string
  readonly redrawNumber: number
  readonly excludedTicketNumbers: readonly number[]
}): DrawnWinner | NoEntries => {
  const entries = readEntryList(
    redrawEntriesText(redraw.originalEntries, redraw.excludedTicketNumbers),
  )
  const hash = bytesToHex(sha256(entries.bytes))
  if (entries.count === 0) return { entriesHash: hash, entryCount: 0 }
  const { index, attempt } = acceptFirst(
    redrawAttemptValues({
      seed: redraw.seed,
      competitionId: redraw.competitionId,
      entriesHash: hash,
      beacon: redraw.beacon,
      entryCount: entries.count,
      redrawNumber: redraw.redrawNumber,
      excludedTicketNumbers: redraw.excludedTicketNumbers,
    }),
    entries.count,
  ) as WinningIndex
  return {
    entriesHash: hash,
    entryCount: entries.count,
    attempt,
    winningTicketNumber: entries.ticketAt(index),
  }
}
