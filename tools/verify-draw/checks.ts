import { createHash, createHmac } from "node:crypto"

/**
 * The checks of a published draw proof, written from docs/fairness.md alone:
 * nothing here comes from the shop's own code (@howzat/core), so a mistake
 * there cannot hide itself by being repeated here. No I/O: the CLI fetches,
 * these functions only compute.
 */

export type Beacon =
  | {
      readonly source: "drand"
      readonly value: string
      readonly round: number
      readonly url: string
    }
  | { readonly source: "none"; readonly value: "" }

export interface Proof {
  readonly competitionId: string
  readonly competitionName: string
  readonly closeDateTimeUtc: Date
  readonly commitment: string
  readonly outcome: "NotDrawn" | "Winner" | "NoEntries"
  readonly seed: string | null
  readonly entriesHash: string | null
  readonly entryCount: number | null
  readonly beacon: Beacon | null
  readonly attempt: number | null
  readonly winningTicketNumber: number | null
  readonly drawnAt: Date | null
  /** When the original winner's prize was marked unclaimed; null if never. */
  readonly prizeUnclaimedAt: Date | null
  /** docs/fairness.md, "Redraws": in order; empty for most competitions. */
  readonly redraws: readonly Redraw[]
  readonly instantWins: {
    readonly commitment: string | null
    readonly salt: string | null
    readonly lines: string | null
  }
}

export interface Redraw {
  readonly redrawNumber: number
  readonly replacesTicketNumber: number
  readonly excludedTicketNumbers: readonly number[]
  readonly requestedAt: Date
  readonly drawnAt: Date
  readonly entriesHash: string
  readonly entryCount: number
  readonly beacon: Beacon
  readonly attempt: number
  readonly winningTicketNumber: number
  readonly prizeUnclaimedAt: Date | null
}

export interface Check {
  /** `skip`: a check that was not made (and so neither passes nor fails the proof). */
  readonly status: "pass" | "fail" | "skip"
  /** What was checked, the same whatever the outcome. */
  readonly label: string
  /** Why it failed: what was found instead. */
  readonly detail?: string
}

const pass = (label: string): Check => ({ status: "pass", label })
const fail = (label: string, detail?: string): Check =>
  detail === undefined ? { status: "fail", label } : { status: "fail", label, detail }
const skip = (label: string): Check => ({ status: "skip", label })
const verdict = (ok: boolean, label: string, why?: string): Check =>
  ok ? pass(label) : fail(label, why)

const sha256Hex = (data: string | Uint8Array): string =>
  createHash("sha256").update(data).digest("hex")

const TWO_TO_64 = 1n << 64n
const HEX = /^[0-9a-f]*$/
const HEX_32_BYTES = /^[0-9a-f]{64}$/
const DECIMAL = /^(0|[1-9][0-9]*)$/

// ---------------------------------------------------------------- the proof's shape

type Parsed<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly problems: readonly string[] }

/**
 * Reads `{ "proof": … }` as published. Every field is checked for its type,
 * and the fields a drawn proof needs must be there: a proof that leaves out
 * the seed cannot be verified, which is a failure, not a pass.
 */
export const parseProof = (json: unknown): Parsed<Proof> => {
  const problems: string[] = []
  const root = json as { proof?: unknown } | null
  const raw = (typeof root === "object" && root !== null ? root.proof : undefined) as
    | Record<string, unknown>
    | undefined
  if (typeof raw !== "object" || raw === null) {
    return { ok: false, problems: ['the answer has no "proof" object'] }
  }
  const field = <A>(name: string, read: (v: unknown) => A | undefined, nullable = false) => {
    const v = raw[name]
    if (nullable && v === null) return null
    const value = read(v)
    if (value === undefined) problems.push(`${name} is ${JSON.stringify(v) ?? "missing"}`)
    return value
  }
  const text = (v: unknown) => (typeof v === "string" ? v : undefined)
  const hex = (v: unknown) => (typeof v === "string" && HEX.test(v) ? v : undefined)
  const int = (v: unknown) =>
    Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined
  const date = (v: unknown) => {
    const d = typeof v === "string" ? new Date(v) : undefined
    return d !== undefined && !Number.isNaN(d.getTime()) ? d : undefined
  }
  const outcome = (v: unknown) =>
    v === "NotDrawn" || v === "Winner" || v === "NoEntries" ? v : undefined
  const beacon = (v: unknown): Beacon | undefined => {
    const b = v as Record<string, unknown> | null
    if (typeof b !== "object" || b === null) return undefined
    if (b.source === "none" && b.value === "") return { source: "none", value: "" }
    if (
      b.source === "drand" &&
      typeof b.value === "string" &&
      HEX.test(b.value) &&
      b.value !== "" &&
      int(b.round) !== undefined &&
      typeof b.url === "string"
    ) {
      return { source: "drand", value: b.value, round: b.round as number, url: b.url }
    }
    return undefined
  }
  const instant = (raw.instantWins ?? undefined) as Record<string, unknown> | undefined
  const instantField = (name: string) => {
    const v = instant?.[name]
    if (v === null) return null
    if (typeof v === "string" && (name === "lines" || HEX.test(v))) return v
    problems.push(`instantWins.${name} is ${JSON.stringify(v) ?? "missing"}`)
    return null
  }

  const redraw = (v: unknown, i: number): Redraw | undefined => {
    const r = v as Record<string, unknown> | null
    if (typeof r !== "object" || r === null) return undefined
    const excluded = Array.isArray(r.excludedTicketNumbers)
      ? r.excludedTicketNumbers.map(int)
      : undefined
    const read = {
      redrawNumber: int(r.redrawNumber),
      replacesTicketNumber: int(r.replacesTicketNumber),
      excludedTicketNumbers: excluded?.every((n) => n !== undefined)
        ? (excluded as number[])
        : undefined,
      requestedAt: date(r.requestedAt),
      drawnAt: date(r.drawnAt),
      entriesHash: hex(r.entriesHash),
      entryCount: int(r.entryCount),
      beacon: beacon(r.beacon),
      attempt: int(r.attempt),
      winningTicketNumber: int(r.winningTicketNumber),
      prizeUnclaimedAt: r.prizeUnclaimedAt === null ? null : date(r.prizeUnclaimedAt),
    }
    const missing = Object.entries(read).filter(([, value]) => value === undefined)
    for (const [name] of missing)
      problems.push(`redraws[${i}].${name} is ${JSON.stringify(r[name]) ?? "missing"}`)
    return missing.length === 0 ? (read as Redraw) : undefined
  }
  // A shop from before redraws publishes no list: read as none.
  const redraws: Redraw[] = []
  if (Array.isArray(raw.redraws)) {
    for (const [i, r] of raw.redraws.entries()) {
      const read = redraw(r, i)
      if (read !== undefined) redraws.push(read)
    }
  } else if (raw.redraws !== undefined) {
    problems.push(`redraws is ${JSON.stringify(raw.redraws)}`)
  }

  const proof: Proof = {
    competitionId: field("competitionId", text) ?? "",
    competitionName: field("competitionName", text) ?? "",
    closeDateTimeUtc: field("closeDateTimeUtc", date) ?? new Date(Number.NaN),
    commitment: field("commitment", hex) ?? "",
    outcome: field("outcome", outcome) ?? "NotDrawn",
    seed: field("seed", hex, true) ?? null,
    entriesHash: field("entriesHash", hex, true) ?? null,
    entryCount: field("entryCount", int, true) ?? null,
    beacon: field("beacon", beacon, true) ?? null,
    attempt: field("attempt", int, true) ?? null,
    winningTicketNumber: field("winningTicketNumber", int, true) ?? null,
    drawnAt: field("drawnAt", date, true) ?? null,
    prizeUnclaimedAt:
      raw.prizeUnclaimedAt === undefined ? null : (field("prizeUnclaimedAt", date, true) ?? null),
    redraws,
    instantWins: {
      commitment: instantField("commitment"),
      salt: instantField("salt"),
      lines: instantField("lines"),
    },
  }
  if (proof.outcome !== "NotDrawn") {
    const needed =
      proof.outcome === "Winner"
        ? ([
            "seed",
            "entriesHash",
            "entryCount",
            "beacon",
            "attempt",
            "winningTicketNumber",
            "drawnAt",
          ] as const)
        : (["entriesHash", "entryCount", "drawnAt"] as const)
    for (const name of needed) {
      if (proof[name] === null && raw[name] === null)
        problems.push(`${name} is missing from a ${proof.outcome} proof`)
    }
  }
  return problems.length === 0 ? { ok: true, value: proof } : { ok: false, problems }
}

// ---------------------------------------------------------------- the entries

/**
 * The downloaded list: decimal ticket numbers joined by "\n", no trailing
 * newline, "" for none. Anything else (a trailing newline, a byte-order
 * mark, "07") is not the published format, and would hash differently anyway.
 */
export const parseEntries = (text: string): Parsed<readonly number[]> => {
  if (text === "") return { ok: true, value: [] }
  const lines = text.split("\n")
  const entries: number[] = []
  for (const [i, line] of lines.entries()) {
    const n = Number(line)
    if (!DECIMAL.test(line) || !Number.isSafeInteger(n)) {
      return {
        ok: false,
        problems: [`line ${i + 1} is ${JSON.stringify(line)}, not a ticket number`],
      }
    }
    entries.push(n)
  }
  return { ok: true, value: entries }
}

// ---------------------------------------------------------------- the draw

export interface Derived {
  readonly attempt: number
  readonly index: number
}

/**
 * docs/fairness.md, "The winner": for k = 0, 1, 2, …, x = the first 8 bytes
 * of HMAC-SHA256(S, "id|entriesHash|B|k") big-endian; the first x below
 * floor(2^64 / N) * N gives the index x mod N.
 */
export const deriveWinner = (draw: {
  readonly seedHex: string
  readonly competitionId: string
  readonly entriesHash: string
  readonly beacon: string
  readonly entryCount: number
}): Derived => {
  const n = BigInt(draw.entryCount)
  const limit = (TWO_TO_64 / n) * n
  const key = Buffer.from(draw.seedHex, "hex")
  const id = draw.competitionId.toLowerCase()
  for (let attempt = 0; ; attempt++) {
    const message = `${id}|${draw.entriesHash}|${draw.beacon}|${attempt}`
    const x = createHmac("sha256", key).update(message, "utf8").digest().readBigUInt64BE(0)
    if (x < limit) return { attempt, index: Number(x % n) }
  }
}

const isAscendingAndDistinct = (entries: readonly number[]): number | undefined => {
  for (let i = 1; i < entries.length; i++) {
    if ((entries[i] as number) <= (entries[i - 1] as number)) return i
  }
  return undefined
}

const seedCheck = (proof: Proof): Check => {
  if (proof.seed === null) return skip("SHA-256(seed) = commitment: no seed published")
  if (!HEX_32_BYTES.test(proof.seed)) {
    return fail(
      "SHA-256(seed) = commitment",
      `the seed is not 32 bytes of hex (${proof.seed.length} characters)`,
    )
  }
  const hash = sha256Hex(Buffer.from(proof.seed, "hex"))
  return verdict(
    hash === proof.commitment,
    "SHA-256(seed) = commitment",
    `SHA-256(seed) is ${hash}`,
  )
}

/**
 * Every check of a drawn proof against the entry list as downloaded (its raw
 * bytes: the hash is of exactly what was served). The winner is re-derived
 * from the downloaded entries, so a list that was swapped fails twice over.
 */
export const checkDraw = (
  proof: Proof,
  entriesBytes: Uint8Array,
  requestedCompetitionId: string,
): readonly Check[] => {
  const checks: Check[] = [
    verdict(
      proof.competitionId.toLowerCase() === requestedCompetitionId.toLowerCase(),
      `the proof is for competition ${requestedCompetitionId.toLowerCase()}`,
      `it is for ${proof.competitionId}`,
    ),
    seedCheck(proof),
  ]
  const entriesHash = sha256Hex(entriesBytes)
  checks.push(
    verdict(
      entriesHash === proof.entriesHash,
      "SHA-256(entries) = entriesHash",
      `it is ${entriesHash}`,
    ),
  )
  const parsed = parseEntries(new TextDecoder("utf-8", { ignoreBOM: true }).decode(entriesBytes))
  if (!parsed.ok) {
    checks.push(fail("the entries are ticket numbers", parsed.problems.join("; ")))
    return checks
  }
  const entries = parsed.value
  checks.push(
    verdict(
      entries.length === proof.entryCount,
      `entry count = entryCount (${entries.length})`,
      `the proof says ${proof.entryCount}`,
    ),
  )
  const disorder = isAscendingAndDistinct(entries)
  checks.push(
    verdict(
      disorder === undefined,
      "the entries are ascending and distinct",
      `${entries[disorder ?? 0]} follows ${entries[(disorder ?? 1) - 1]}`,
    ),
  )

  if (proof.outcome === "NoEntries") {
    checks.push(
      verdict(entries.length === 0, "no entries, as the outcome says", `${entries.length} entries`),
    )
    checks.push(
      verdict(
        proof.winningTicketNumber === null && proof.attempt === null,
        "no winner for a draw without entries",
        `the proof names ticket ${proof.winningTicketNumber}`,
      ),
    )
    return checks
  }

  if (
    entries.length === 0 ||
    proof.seed === null ||
    !HEX_32_BYTES.test(proof.seed) ||
    proof.beacon === null
  ) {
    checks.push(
      fail("the winner can be re-derived", "a winner needs entries, a 32-byte seed and a beacon"),
    )
    return checks
  }
  const derived = deriveWinner({
    seedHex: proof.seed,
    competitionId: proof.competitionId,
    entriesHash,
    beacon: proof.beacon.value,
    entryCount: entries.length,
  })
  const winner = entries[derived.index] as number
  checks.push(
    verdict(
      derived.attempt === proof.attempt,
      `re-derived k = published k (${derived.attempt})`,
      `the proof says ${proof.attempt}`,
    ),
    verdict(
      winner === proof.winningTicketNumber,
      `re-derived winning ticket = published (ticket ${winner}, entry ${derived.index} of ${entries.length})`,
      `the proof says ${proof.winningTicketNumber}`,
    ),
  )
  return checks
}

// ---------------------------------------------------------------- redraws

/**
 * docs/fairness.md, "Redraws": the same as the winner's derivation, with the
 * message `id|entriesHash|B|k|redraw:r|excluded:e1,e2,...`.
 */
export const deriveRedrawWinner = (draw: {
  readonly seedHex: string
  readonly competitionId: string
  readonly entriesHash: string
  readonly beacon: string
  readonly entryCount: number
  readonly redrawNumber: number
  readonly excluded: readonly number[]
}): Derived => {
  const n = BigInt(draw.entryCount)
  const limit = (TWO_TO_64 / n) * n
  const key = Buffer.from(draw.seedHex, "hex")
  const id = draw.competitionId.toLowerCase()
  const excluded = [...draw.excluded].sort((a, b) => a - b).join(",")
  for (let attempt = 0; ; attempt++) {
    const message = `${id}|${draw.entriesHash}|${draw.beacon}|${attempt}|redraw:${draw.redrawNumber}|excluded:${excluded}`
    const x = createHmac("sha256", key).update(message, "utf8").digest().readBigUInt64BE(0)
    if (x < limit) return { attempt, index: Number(x % n) }
  }
}

/**
 * Every check of each redraw against the original entry list as downloaded:
 * it replaces the winner before it, that winner is marked unclaimed, it
 * leaves out exactly the replaced winners, and its winner re-derives.
 */
export const checkRedraws = (proof: Proof, entriesBytes: Uint8Array): readonly Check[] => {
  if (proof.redraws.length === 0) return []
  const parsed = parseEntries(new TextDecoder("utf-8", { ignoreBOM: true }).decode(entriesBytes))
  if (!parsed.ok || proof.seed === null || !HEX_32_BYTES.test(proof.seed))
    return [fail("redraws can be re-derived", "they need the entries and the 32-byte seed")]
  const checks: Check[] = []
  let previous = { ticket: proof.winningTicketNumber, unclaimedAt: proof.prizeUnclaimedAt }
  const replaced: number[] = []
  for (const [i, r] of proof.redraws.entries()) {
    const name = `redraw ${i + 1}`
    checks.push(
      verdict(r.redrawNumber === i + 1, `${name}: numbered ${i + 1}`, `it says ${r.redrawNumber}`),
      verdict(
        previous.ticket !== null && r.replacesTicketNumber === previous.ticket,
        `${name}: replaces the winner before it (ticket ${previous.ticket})`,
        `it names ticket ${r.replacesTicketNumber}`,
      ),
      verdict(
        previous.unclaimedAt !== null && previous.unclaimedAt.getTime() <= r.requestedAt.getTime(),
        `${name}: ticket ${previous.ticket}'s prize was marked unclaimed by the request`,
        previous.unclaimedAt === null ? "it is not marked unclaimed" : "it was marked after",
      ),
    )
    replaced.push(r.replacesTicketNumber)
    const excluded = [...new Set(replaced)].sort((a, b) => a - b)
    checks.push(
      verdict(
        excluded.join(",") === r.excludedTicketNumbers.join(","),
        `${name}: excludes exactly the replaced winners (${excluded.join(", ")})`,
        `it excludes ${r.excludedTicketNumbers.join(", ")}`,
      ),
    )
    const left = parsed.value.filter((n) => !excluded.includes(n))
    const hash = sha256Hex(left.join("\n"))
    checks.push(
      verdict(
        hash === r.entriesHash,
        `${name}: SHA-256(entries less excluded) = entriesHash`,
        `it is ${hash}`,
      ),
      verdict(
        left.length === r.entryCount,
        `${name}: entry count = entryCount (${left.length})`,
        `the proof says ${r.entryCount}`,
      ),
    )
    if (left.length === 0) {
      checks.push(fail(`${name}: the winner can be re-derived`, "no entries are left"))
      return checks
    }
    const derived = deriveRedrawWinner({
      seedHex: proof.seed,
      competitionId: proof.competitionId,
      entriesHash: hash,
      beacon: r.beacon.value,
      entryCount: left.length,
      redrawNumber: i + 1,
      excluded,
    })
    const winner = left[derived.index] as number
    checks.push(
      verdict(
        derived.attempt === r.attempt,
        `${name}: re-derived k = published k (${derived.attempt})`,
        `the proof says ${r.attempt}`,
      ),
      verdict(
        winner === r.winningTicketNumber,
        `${name}: re-derived winning ticket = published (ticket ${winner}, entry ${derived.index} of ${left.length})`,
        `the proof says ${r.winningTicketNumber}`,
      ),
      verdict(
        !excluded.includes(r.winningTicketNumber),
        `${name}: the winner is not an excluded ticket`,
      ),
    )
    previous = { ticket: r.winningTicketNumber, unclaimedAt: r.prizeUnclaimedAt }
  }
  return checks
}

/**
 * A redraw's beacon: the first drand round published strictly after its
 * request, so nobody knew it when the prize was marked unclaimed.
 */
export const checkRedrawBeacon = (
  redraw: Redraw,
  reading: DrandReading | undefined,
): readonly Check[] => {
  const name = `redraw ${redraw.redrawNumber}`
  const beacon = redraw.beacon
  if (beacon.source === "none")
    return [skip(`${name}: beacon none, B = "" (drawn without a public beacon)`)]
  if (reading === undefined)
    return [skip(`${name}: drand round ${beacon.round} not fetched (add --check-beacon)`)]
  const expected = drandRoundAfter(
    redraw.requestedAt,
    reading.info.genesisSeconds,
    reading.info.periodSeconds,
  )
  return [
    verdict(
      beacon.round === expected,
      `${name}: beacon round ${beacon.round} is the first after the request`,
      `that is round ${expected}`,
    ),
    verdict(
      reading.round.round === beacon.round &&
        reading.round.randomness.toLowerCase() === beacon.value,
      `${name}: drand round ${beacon.round} randomness = B`,
      `drand says ${reading.round.randomness} for round ${reading.round.round}`,
    ),
  ]
}

// ---------------------------------------------------------------- the beacon

/** The first drand round published strictly after `close`: round r appears at genesis + (r - 1) * period. */
export const drandRoundAfter = (
  close: Date,
  genesisSeconds: number,
  periodSeconds: number,
): number =>
  Math.max(1, Math.floor((close.getTime() - genesisSeconds * 1000) / (periodSeconds * 1000)) + 2)

export interface DrandReading {
  /** `{url}/info`. */
  readonly info: { readonly genesisSeconds: number; readonly periodSeconds: number }
  /** `{url}/public/{round}`. */
  readonly round: { readonly round: number; readonly randomness: string }
}

/**
 * What the beacon contributes. Without a fetched drand reading the value is
 * taken on trust and the line says so; with one, both the value and the
 * choice of round (the first after the close) are checked.
 */
export const checkBeacon = (proof: Proof, reading: DrandReading | undefined): readonly Check[] => {
  const beacon = proof.beacon
  if (beacon === null) return []
  if (beacon.source === "none")
    return [skip('beacon: none, B = "" (the shop drew without a public beacon)')]
  if (reading === undefined) {
    return [
      skip(`beacon: drand round ${beacon.round} of ${beacon.url} not fetched (add --check-beacon)`),
    ]
  }
  const expected = drandRoundAfter(
    proof.closeDateTimeUtc,
    reading.info.genesisSeconds,
    reading.info.periodSeconds,
  )
  return [
    verdict(
      beacon.round === expected,
      `beacon: round ${beacon.round} is the first after the close`,
      `that is round ${expected}`,
    ),
    verdict(
      reading.round.round === beacon.round &&
        reading.round.randomness.toLowerCase() === beacon.value,
      `beacon: drand round ${beacon.round} randomness = B`,
      `drand says ${reading.round.randomness} for round ${reading.round.round}`,
    ),
  ]
}

// ---------------------------------------------------------------- instant wins

/** Each line `groupId:ticketNumber`, group id lower case, sorted as plain text, no ticket twice. */
const linesProblem = (lines: string): string | undefined => {
  if (lines === "") return undefined
  const all = lines.split("\n")
  const tickets = new Set<string>()
  for (const [i, line] of all.entries()) {
    const match = /^([^\s:]+):([^:]*)$/.exec(line)
    if (match === null || !DECIMAL.test(match[2] as string))
      return `line ${i + 1} is ${JSON.stringify(line)}`
    if (match[1] !== match[1]?.toLowerCase()) return `line ${i + 1}'s group id is not lower case`
    if (i > 0 && !((all[i - 1] as string) < line))
      return `line ${i + 1} is out of order or repeated`
    if (tickets.has(match[2] as string)) return `ticket ${match[2]} carries two prizes`
    tickets.add(match[2] as string)
  }
  return undefined
}

export const checkInstantWins = (proof: Proof): readonly Check[] => {
  const { commitment, salt, lines } = proof.instantWins
  if (commitment === null) return [skip("instant wins: none on this competition")]
  if (salt === null || lines === null) {
    // The draw comes after the close, and the close reveals them.
    return proof.outcome === "NotDrawn"
      ? [skip("instant wins: salt and lines not revealed yet (they are at the close)")]
      : [fail("instant wins: salt and lines revealed at the close", "they are not")]
  }
  const problem = linesProblem(lines)
  const hash = sha256Hex(`${salt}\n${lines}`)
  const count = lines === "" ? 0 : lines.split("\n").length
  return [
    verdict(HEX_32_BYTES.test(salt), "instant wins: the salt is 32 bytes of lower-case hex"),
    verdict(problem === undefined, `instant wins: the ${count} lines are well-formed`, problem),
    verdict(
      hash === commitment,
      'instant wins: SHA-256(salt + "\\n" + lines) = commitment',
      `it is ${hash}`,
    ),
  ]
}
