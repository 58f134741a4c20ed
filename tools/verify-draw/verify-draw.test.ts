import { execFile } from "node:child_process"
import { createHash, createHmac } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { DrawProofResponse, type DrawProofResponseJson } from "@howzat/contracts/draws"
import {
  acceptanceLimit,
  attemptMessage,
  attemptValue,
  drawWinner,
  entriesHash,
  entriesText,
  type InstantWinLine,
  instantWinCommitment,
  instantWinLines,
  redrawAttemptMessage,
  redrawEntriesText,
  redrawFromEntryList,
  seedCommitment,
  sortedEntries,
  winningIndex,
} from "@howzat/core/draws"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SOURCE_NODE_ARGS } from "../../test/support/source-node"
import {
  type Check,
  checkBeacon,
  checkDraw,
  checkInstantWins,
  checkRedrawBeacon,
  checkRedraws,
  type DrandReading,
  drandRoundAfter,
  parseProof,
} from "./checks"

/*
 * The shop's side of every proof here is built with core's procedure and
 * encoded with the contracts' schema, exactly as the server publishes it; the
 * checker under test shares no code with either.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] }
type ProofJson = Mutable<DrawProofResponseJson["proof"]>
type DrandBeaconJson = Extract<NonNullable<ProofJson["beacon"]>, { source: "drand" }>

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex")
const derivedBytes = (label: string) => createHash("sha256").update(label).digest()

const CLOSE = new Date("2026-12-03T20:30:00.000Z")
const DRAND = { genesisSeconds: 1595431050, periodSeconds: 30 }

interface Published {
  readonly json: { proof: ProofJson }
  readonly entries: string
}

const publish = (options: {
  readonly competitionId: string
  readonly seed?: Uint8Array
  readonly tickets: readonly number[]
  readonly beacon?: "none" | { readonly url: string; readonly value?: string }
  readonly instantWins?: readonly InstantWinLine[]
  readonly salt?: string
  readonly drawn?: boolean
}): Published => {
  const seed = options.seed ?? derivedBytes(`seed of ${options.competitionId}`)
  const beacon =
    options.beacon === undefined || options.beacon === "none"
      ? ({ source: "none", value: "" } as const)
      : ({
          source: "drand",
          value: options.beacon.value ?? hex(derivedBytes(`beacon of ${options.competitionId}`)),
          round: drandRoundAfter(CLOSE, DRAND.genesisSeconds, DRAND.periodSeconds),
          url: options.beacon.url,
        } as const)
  const drawn = options.drawn ?? true
  const result = drawWinner({
    seed,
    competitionId: options.competitionId,
    beacon: beacon.value,
    ticketNumbers: options.tickets,
  })
  const salt = options.salt ?? hex(derivedBytes(`salt of ${options.competitionId}`))
  const proof = Schema.encodeSync(DrawProofResponse)({
    proof: {
      competitionId: options.competitionId,
      competitionName: "Gray-Nicolls Legend bat",
      closeDateTimeUtc: CLOSE,
      commitment: seedCommitment(seed),
      commitmentPublishedAt: new Date("2026-11-01T09:00:00.000Z"),
      outcome: !drawn ? "NotDrawn" : "attempt" in result ? "Winner" : "NoEntries",
      seed: drawn ? hex(seed) : null,
      entriesHash: drawn ? result.entriesHash : null,
      entryCount: drawn ? result.entryCount : null,
      beacon: drawn ? beacon : null,
      attempt: drawn && "attempt" in result ? result.attempt : null,
      winningTicketNumber: drawn && "attempt" in result ? result.winningTicketNumber : null,
      drawnAt: drawn ? new Date("2026-12-03T20:31:00.000Z") : null,
      prizeUnclaimedAt: null,
      redraws: [],
      instantWins:
        options.instantWins === undefined
          ? { commitment: null, salt: null, lines: null }
          : {
              commitment: instantWinCommitment(salt, options.instantWins),
              salt,
              lines: instantWinLines(options.instantWins),
            },
    },
  })
  return { json: JSON.parse(JSON.stringify(proof)), entries: entriesText(options.tickets) }
}

const REQUESTED = new Date("2026-12-18T10:00:00.000Z")
type RedrawJson = Mutable<ProofJson["redraws"][number]>

/**
 * `published` with its winner marked unclaimed and `times` redraws made by
 * core's procedure, each of the winner before it, as the shop publishes.
 */
const redrawn = (published: Published, times = 1, beaconUrl?: string): Published => {
  const proof = structuredClone(published.json.proof)
  const seed = Buffer.from(proof.seed as string, "hex")
  const redraws: RedrawJson[] = []
  const excluded: number[] = []
  let previous = proof.winningTicketNumber as number
  proof.prizeUnclaimedAt = REQUESTED.toISOString()
  for (let r = 1; r <= times; r++) {
    excluded.push(previous)
    const requestedAt = new Date(REQUESTED.getTime() + (r - 1) * 20 * 86_400_000)
    const beacon =
      beaconUrl === undefined
        ? ({ source: "none", value: "" } as const)
        : ({
            source: "drand",
            value: hex(derivedBytes(`redraw ${r} beacon of ${proof.competitionId}`)),
            round: drandRoundAfter(requestedAt, DRAND.genesisSeconds, DRAND.periodSeconds),
            url: beaconUrl,
          } as const)
    const outcome = redrawFromEntryList({
      seed,
      competitionId: proof.competitionId,
      beacon: beacon.value,
      originalEntries: published.entries,
      redrawNumber: r,
      excludedTicketNumbers: excluded,
    })
    if (!("winningTicketNumber" in outcome)) throw new Error("nobody left")
    redraws.push({
      redrawNumber: r,
      replacesTicketNumber: previous,
      excludedTicketNumbers: [...excluded].sort((a, b) => a - b),
      requestedAt: requestedAt.toISOString(),
      drawnAt: new Date(requestedAt.getTime() + 40_000).toISOString(),
      entriesHash: outcome.entriesHash,
      entryCount: outcome.entryCount,
      beacon,
      attempt: outcome.attempt,
      winningTicketNumber: outcome.winningTicketNumber,
      prizeUnclaimedAt:
        r < times ? new Date(requestedAt.getTime() + 20 * 86_400_000).toISOString() : null,
    })
    previous = outcome.winningTicketNumber
  }
  proof.redraws = redraws
  // Encoded and decoded by the contract, so the fixture is what the server could answer.
  const checked = Schema.decodeUnknownSync(DrawProofResponse)({ proof })
  return {
    ...published,
    json: JSON.parse(JSON.stringify(Schema.encodeSync(DrawProofResponse)(checked))),
  }
}

const tamperRedraw = (published: Published, index: number, change: Partial<RedrawJson>) => {
  const proof = structuredClone(published.json.proof)
  proof.redraws = proof.redraws.map((r, i) => (i === index ? { ...r, ...change } : r))
  return { ...published, json: { proof } }
}

const tamper = (published: Published, change: Partial<ProofJson>): Published => ({
  ...published,
  json: { proof: { ...structuredClone(published.json.proof), ...change } },
})

const verifyInProcess = (
  published: Published,
  options: { entries?: string; requestedId?: string; drand?: DrandReading } = {},
): readonly Check[] => {
  const parsed = parseProof(published.json)
  if (!parsed.ok) return [{ status: "fail", label: parsed.problems.join("; ") }]
  const entries = new TextEncoder().encode(options.entries ?? published.entries)
  return [
    ...checkDraw(parsed.value, entries, options.requestedId ?? parsed.value.competitionId),
    ...checkBeacon(parsed.value, options.drand),
    ...checkRedraws(parsed.value, entries),
    ...checkInstantWins(parsed.value),
  ]
}
const failures = (checks: readonly Check[]) =>
  checks.filter((check) => check.status === "fail").map((check) => check.label)

const GROUP_A = "f58681e5-b0b8-4e7d-8fe3-01a500d0a967"
const GROUP_B = "6e44c054-3f98-4b3e-9845-5b2121f240e7"
const INSTANT_WINS: readonly InstantWinLine[] = [
  { instantWinGroupId: GROUP_A, ticketNumber: 9 },
  { instantWinGroupId: GROUP_A, ticketNumber: 10 },
  { instantWinGroupId: GROUP_B, ticketNumber: 256 },
]
const TICKETS = Array.from({ length: 500 }, (_, i) => 3 * i + 1)
const genuine = publish({
  competitionId: "2b0c8f0e-8d8b-4c59-9d0e-4f3a0b6b1c11",
  tickets: TICKETS,
  instantWins: INSTANT_WINS,
})
const winner = genuine.json.proof.winningTicketNumber as number

describe("the checks of a drawn proof", () => {
  it("accept a genuine draw, with or without instant wins, whatever the id's case", () => {
    const checks = verifyInProcess(genuine, {
      requestedId: genuine.json.proof.competitionId.toUpperCase(),
    })
    expect(failures(checks)).toEqual([])
    expect(checks.filter((c) => c.status === "pass").length).toBeGreaterThanOrEqual(9)
    const plain = publish({ competitionId: "0d6f7a3c-1111-4a2b-8c3d-0123456789ab", tickets: [7] })
    expect(failures(verifyInProcess(plain))).toEqual([])
  })

  it("reject a tampered seed", () => {
    const seed = Buffer.from(genuine.json.proof.seed as string, "hex")
    seed[31] = (seed[31] as number) ^ 1
    const checks = verifyInProcess(tamper(genuine, { seed: hex(seed) }))
    expect(failures(checks)).toContain("SHA-256(seed) = commitment")
  })

  it("reject a seed that is not 32 bytes", () => {
    const short = tamper(genuine, { seed: (genuine.json.proof.seed as string).slice(0, 62) })
    expect(verifyInProcess(short).filter((c) => c.status === "fail")).toEqual([
      {
        status: "fail",
        label: "SHA-256(seed) = commitment",
        detail: "the seed is not 32 bytes of hex (62 characters)",
      },
      { status: "fail", label: "the winner can be re-derived", detail: expect.any(String) },
    ])
  })

  it.each([
    ["one number changed", TICKETS.map((t) => (t === winner ? t + 1 : t))],
    ["one number removed", TICKETS.filter((t) => t !== 4)],
    ["one number added", [...TICKETS, 2000]],
  ])("reject a tampered entry list: %s", (_, tickets) => {
    const failed = failures(verifyInProcess(genuine, { entries: tickets.join("\n") }))
    expect(failed).toContain("SHA-256(entries) = entriesHash")
  })

  it("reject entries out of order or repeated, even when the hash was made to match", () => {
    for (const list of [
      [1, 3, 2],
      [1, 2, 2, 3],
    ]) {
      const text = list.join("\n")
      const hash = createHash("sha256").update(text).digest("hex")
      const proof = tamper(genuine, { entriesHash: hash, entryCount: list.length })
      expect(failures(verifyInProcess(proof, { entries: text }))).toContain(
        "the entries are ascending and distinct",
      )
    }
  })

  it("reject an entry list not in the published format", () => {
    for (const entries of [
      `${genuine.entries}\n`,
      `\uFEFF${genuine.entries}`,
      "1\n02\n3",
      "1\n2\nx",
    ]) {
      const failed = failures(verifyInProcess(genuine, { entries }))
      expect(failed).toContain("SHA-256(entries) = entriesHash")
      expect(failed.join()).toMatch(/the entries are ticket numbers/)
    }
  })

  it("reject a wrong winner", () => {
    const other = TICKETS.find((t) => t !== winner) as number
    const failed = failures(verifyInProcess(tamper(genuine, { winningTicketNumber: other })))
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatch(
      /^re-derived winning ticket = published \(ticket \d+, entry \d+ of 500\)$/,
    )
  })

  it("reject a wrong k", () => {
    const failed = failures(verifyInProcess(tamper(genuine, { attempt: 1 })))
    expect(failed).toEqual(["re-derived k = published k (0)"])
  })

  it("reject a proof for another competition", () => {
    const failed = failures(verifyInProcess(genuine, { requestedId: GROUP_A }))
    expect(failed.join()).toMatch(/^the proof is for competition f58681e5/)
  })

  it("reject a winner whose proof leaves the seed out", () => {
    const parsed = parseProof(tamper(genuine, { seed: null }).json)
    expect(parsed).toEqual({ ok: false, problems: ["seed is missing from a Winner proof"] })
    expect(parseProof({ proof: { ...genuine.json.proof, entryCount: "500" } }).ok).toBe(false)
    expect(parseProof({ error: "not found" }).ok).toBe(false)
  })

  it("accept a draw without entries, and reject one that names a winner anyway", () => {
    const empty = publish({ competitionId: "5d1d4c57-76e6-4e33-9f0a-0b0e2b7a3c5d", tickets: [] })
    expect(empty.json.proof.outcome).toBe("NoEntries")
    expect(empty.json.proof.entriesHash).toBe(createHash("sha256").update("").digest("hex"))
    expect(failures(verifyInProcess(empty))).toEqual([])
    const named = tamper(empty, { winningTicketNumber: 1, attempt: 0 })
    expect(failures(verifyInProcess(named))).toEqual(["no winner for a draw without entries"])
    expect(failures(verifyInProcess(empty, { entries: "1" }))).toContain(
      "SHA-256(entries) = entriesHash",
    )
  })
})

describe("the checks of a redraw", () => {
  const once = redrawn(genuine)
  const twice = redrawn(genuine, 2)
  const first = once.json.proof.redraws[0] as RedrawJson

  it("accept a genuine redraw, and a redraw of a redraw", () => {
    expect(failures(verifyInProcess(once))).toEqual([])
    expect(failures(verifyInProcess(twice))).toEqual([])
    const labels = verifyInProcess(twice).map((c) => c.label)
    expect(labels).toContain(
      "redraw 2: excludes exactly the replaced winners (" +
        [winner, first.winningTicketNumber].sort((a, b) => a - b).join(", ") +
        ")",
    )
    expect(first.winningTicketNumber).not.toBe(winner)
  })

  it("reject a redraw whose winner was swapped", () => {
    const other = TICKETS.find((n) => n !== first.winningTicketNumber && n !== winner) as number
    expect(
      failures(verifyInProcess(tamperRedraw(once, 0, { winningTicketNumber: other }))),
    ).toEqual([expect.stringMatching(/^redraw 1: re-derived winning ticket = published/)])
  })

  it("reject a redraw that names the winner itself as the one it replaced, or excludes another ticket", () => {
    const wrongReplaced = tamperRedraw(once, 0, { replacesTicketNumber: first.winningTicketNumber })
    expect(failures(verifyInProcess(wrongReplaced))).toContain(
      `redraw 1: replaces the winner before it (ticket ${winner})`,
    )
    const extra = TICKETS.find((n) => n !== winner) as number
    const moreExcluded = tamperRedraw(once, 0, {
      excludedTicketNumbers: [winner, extra].sort((a, b) => a - b),
    })
    expect(failures(verifyInProcess(moreExcluded))).toContain(
      `redraw 1: excludes exactly the replaced winners (${winner})`,
    )
  })

  it("reject a redraw whose beacon value or entries hash was changed afterwards", () => {
    const beacon = { source: "drand", value: "cd".repeat(32), round: 1, url: "https://x" } as const
    expect(failures(verifyInProcess(tamperRedraw(once, 0, { beacon })))).not.toEqual([])
    expect(
      failures(
        verifyInProcess(
          tamperRedraw(once, 0, { entriesHash: genuine.json.proof.entriesHash as string }),
        ),
      ),
    ).toContain("redraw 1: SHA-256(entries less excluded) = entriesHash")
  })

  it("reject a redraw of a winner never marked unclaimed", () => {
    const unmarked = tamper(once, { prizeUnclaimedAt: null })
    expect(failures(verifyInProcess(unmarked))).toEqual([
      `redraw 1: ticket ${winner}'s prize was marked unclaimed by the request`,
    ])
  })

  it("take the redraw's beacon round as the first after its request", () => {
    const withDrand = redrawn(genuine, 1, "https://drand.example")
    const parsed = parseProof(withDrand.json)
    if (!parsed.ok) throw new Error(parsed.problems.join("; "))
    const r = parsed.value.redraws[0]
    if (r === undefined || r.beacon.source !== "drand") throw new Error("no drand redraw")
    const reading = (round: number, randomness: string): DrandReading => ({
      info: DRAND,
      round: { round, randomness },
    })
    expect(failures(checkRedrawBeacon(r, reading(r.beacon.round, r.beacon.value)))).toEqual([])
    expect(failures(checkRedrawBeacon(r, reading(r.beacon.round, "ee".repeat(32))))).toEqual([
      `redraw 1: drand round ${r.beacon.round} randomness = B`,
    ])
    const early = { ...r, beacon: { ...r.beacon, round: r.beacon.round - 1 } }
    expect(failures(checkRedrawBeacon(early, reading(early.beacon.round, r.beacon.value)))).toEqual(
      [`redraw 1: beacon round ${early.beacon.round} is the first after the request`],
    )
  })
})

describe("the instant-win checks", () => {
  const revealed = genuine.json.proof.instantWins
  const lines = revealed.lines as string
  const withLines = (text: string, recommit: boolean) =>
    tamper(genuine, {
      instantWins: {
        salt: revealed.salt,
        lines: text,
        commitment: recommit
          ? createHash("sha256").update(`${revealed.salt}\n${text}`).digest("hex")
          : revealed.commitment,
      },
    })

  it("reject a tampered line", () => {
    const moved = lines.replace(`${GROUP_B}:256`, `${GROUP_B}:257`)
    expect(moved).not.toBe(lines)
    expect(failures(verifyInProcess(withLines(moved, false)))).toEqual([
      expect.stringMatching(/^instant wins: SHA-256\(salt \+ "\\n" \+ lines\) = commitment$/),
    ])
  })

  it("reject a tampered salt", () => {
    const proof = tamper(genuine, {
      instantWins: { ...revealed, salt: hex(derivedBytes("another salt")) },
    })
    expect(failures(verifyInProcess(proof))).toHaveLength(1)
  })

  it("reject lines out of the published form, even when the commitment matches them", () => {
    const [first, second, third] = lines.split("\n") as [string, string, string]
    for (const text of [
      `${second}\n${first}\n${third}`,
      `${first}\n${first}\n${third}`,
      lines.replace(GROUP_B, GROUP_B.toUpperCase()),
      `${lines}\n${GROUP_B}:9`,
      `${lines}\n`,
      lines.replace(":9", ":09"),
    ]) {
      expect(failures(verifyInProcess(withLines(text, true))).join()).toMatch(
        /^instant wins: the \d+ lines are well-formed$/,
      )
    }
  })

  it("sort lines as plain text: ':10' comes before ':9'", () => {
    expect(lines).toBe(`${GROUP_B}:256\n${GROUP_A}:10\n${GROUP_A}:9`)
  })

  it("reject a drawn proof that never revealed them", () => {
    const hidden = tamper(genuine, { instantWins: { ...revealed, salt: null, lines: null } })
    expect(failures(verifyInProcess(hidden))).toEqual([
      "instant wins: salt and lines revealed at the close",
    ])
  })
})

describe("the beacon checks", () => {
  const drand = publish({
    competitionId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    tickets: TICKETS,
    beacon: { url: "https://api.drand.sh" },
  })
  const beacon = drand.json.proof.beacon as DrandBeaconJson
  const reading = (round: number, randomness: string): DrandReading => ({
    info: DRAND,
    round: { round, randomness },
  })

  it("take the first round published strictly after the close", () => {
    // Round r is published at genesis + (r - 1) * period.
    const at = (round: number) => new Date((DRAND.genesisSeconds + (round - 1) * 30) * 1000)
    const after = drandRoundAfter(CLOSE, DRAND.genesisSeconds, DRAND.periodSeconds)
    expect(at(after).getTime()).toBeGreaterThan(CLOSE.getTime())
    expect(at(after - 1).getTime()).toBeLessThanOrEqual(CLOSE.getTime())
    expect(drandRoundAfter(at(1000), DRAND.genesisSeconds, 30)).toBe(1001)
    expect(drandRoundAfter(new Date(at(1000).getTime() - 1), DRAND.genesisSeconds, 30)).toBe(1000)
  })

  it("skip the beacon unless it was fetched, and say so", () => {
    const checks = verifyInProcess(drand)
    expect(failures(checks)).toEqual([])
    expect(checks.find((c) => c.label.startsWith("beacon"))).toEqual({
      status: "skip",
      label: `beacon: drand round ${beacon.round} of https://api.drand.sh not fetched (add --check-beacon)`,
    })
  })

  it("accept drand's own value, and reject another value or another round", () => {
    expect(
      failures(verifyInProcess(drand, { drand: reading(beacon.round, beacon.value) })),
    ).toEqual([])
    const otherValue = failures(
      verifyInProcess(drand, { drand: reading(beacon.round, hex(derivedBytes("not it"))) }),
    )
    expect(otherValue).toEqual([expect.stringMatching(/^beacon: drand round \d+ randomness = B$/)])
    const later = tamper(drand, { beacon: { ...beacon, round: beacon.round + 1 } })
    expect(
      failures(verifyInProcess(later, { drand: reading(beacon.round + 1, beacon.value) })),
    ).toEqual([`beacon: round ${beacon.round + 1} is the first after the close`])
  })

  it("reject a beacon value swapped after the draw", () => {
    const seed = Buffer.from(drand.json.proof.seed as string, "hex")
    const winnerWith = (value: string) =>
      drawWinner({
        seed,
        competitionId: drand.json.proof.competitionId,
        beacon: value,
        ticketNumbers: TICKETS,
      })
    let value = ""
    for (let i = 0; value === "" || sameWinner(winnerWith(value), winnerWith(beacon.value)); i++) {
      value = hex(derivedBytes(`another beacon ${i}`))
    }
    const swapped = tamper(drand, { beacon: { ...beacon, value } })
    expect(failures(verifyInProcess(swapped))).toEqual([
      expect.stringMatching(/^re-derived winning ticket = published/),
    ])
  })
})

const sameWinner = (a: ReturnType<typeof drawWinner>, b: ReturnType<typeof drawWinner>) =>
  "attempt" in a && "attempt" in b && a.winningTicketNumber === b.winningTicketNumber

describe("npm run verify-draw", () => {
  const root = fileURLToPath(new URL("../..", import.meta.url))
  const routes = new Map<string, { status: number; type: string; body: string }>()
  let server: Server
  let shop = ""

  const serve = (id: string, published: Published) => {
    routes.set(`/api/Draws/proof/${id}`, {
      status: 200,
      type: "application/json",
      body: JSON.stringify(published.json),
    })
    if (published.json.proof.outcome === "NotDrawn") return
    routes.set(`/api/Draws/entries/${id}`, {
      status: 200,
      type: "text/plain",
      body: published.entries,
    })
  }

  const run = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [...SOURCE_NODE_ARGS, "tools/verify-draw/verify-draw.ts", ...args],
        { cwd: root, timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      )
    })

  beforeAll(async () => {
    server = createServer((request, response) => {
      const route = routes.get(request.url ?? "") ?? {
        status: 404,
        type: "application/problem+json",
        body: JSON.stringify({ type: "about:blank", title: "Not Found", status: 404 }),
      }
      response.writeHead(route.status, { "content-type": route.type }).end(route.body)
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    shop = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    serve(
      "genuine",
      publish({ competitionId: "genuine", tickets: TICKETS, instantWins: INSTANT_WINS }),
    )
    const seed = Buffer.from(genuine.json.proof.seed as string, "hex")
    seed[0] = (seed[0] as number) ^ 0x80
    serve(
      "tampered-seed",
      tamper(publish({ competitionId: "tampered-seed", tickets: TICKETS }), { seed: hex(seed) }),
    )
    serve("not-drawn", publish({ competitionId: "not-drawn", tickets: [], drawn: false }))
    const redrawnProof = redrawn(publish({ competitionId: "redrawn", tickets: TICKETS }))
    serve("redrawn", redrawnProof)
    const swappedWinner = TICKETS.find(
      (n) =>
        n !== redrawnProof.json.proof.winningTicketNumber &&
        n !== redrawnProof.json.proof.redraws[0]?.winningTicketNumber,
    ) as number
    serve(
      "redrawn-tampered",
      tamperRedraw(redrawn(publish({ competitionId: "redrawn-tampered", tickets: TICKETS })), 0, {
        winningTicketNumber: swappedWinner,
      }),
    )

    const withDrand = publish({
      competitionId: "with-drand",
      tickets: TICKETS,
      beacon: { url: `${shop}/drand` },
    })
    serve("with-drand", withDrand)
    const beacon = withDrand.json.proof.beacon as DrandBeaconJson
    routes.set("/drand/info", {
      status: 200,
      type: "application/json",
      body: JSON.stringify({ period: DRAND.periodSeconds, genesis_time: DRAND.genesisSeconds }),
    })
    routes.set(`/drand/public/${beacon.round}`, {
      status: 200,
      type: "application/json",
      body: JSON.stringify({ round: beacon.round, randomness: beacon.value, signature: "00" }),
    })
    serve(
      "drand-swapped",
      tamper(
        publish({
          competitionId: "drand-swapped",
          tickets: TICKETS,
          beacon: { url: `${shop}/drand` },
        }),
        { beacon },
      ),
    )
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it("passes a genuine draw with exit code 0, one line per check", async () => {
    const { code, stdout } = await run(shop, "genuine")
    expect(stdout).toContain("✓ SHA-256(seed) = commitment")
    expect(stdout).toContain("✓ SHA-256(entries) = entriesHash")
    expect(stdout).toMatch(
      /✓ re-derived winning ticket = published \(ticket \d+, entry \d+ of 500\)/,
    )
    expect(stdout).toContain('– beacon: none, B = ""')
    expect(stdout).toContain('✓ instant wins: SHA-256(salt + "\\n" + lines) = commitment')
    expect(stdout).toMatch(/All \d+ checks passed/)
    expect(code).toBe(0)
  })

  it("passes a genuine redraw with exit code 0, and fails a tampered one with 1", async () => {
    const genuineRun = await run(shop, "redrawn")
    expect(genuineRun.stdout).toMatch(
      /Prize unclaimed: redraw 1 of .* replaced ticket \d+ with ticket \d+/,
    )
    expect(genuineRun.stdout).toMatch(/✓ redraw 1: re-derived winning ticket = published/)
    expect(genuineRun.stdout).toContain('– redraw 1: beacon none, B = ""')
    expect(genuineRun.code).toBe(0)
    const tampered = await run(shop, "redrawn-tampered")
    expect(tampered.stdout).toMatch(/✗ redraw 1: re-derived winning ticket = published/)
    expect(tampered.code).toBe(1)
  })

  it("fails a tampered seed with exit code 1", async () => {
    const { code, stdout } = await run(shop, "tampered-seed")
    expect(stdout).toContain("✗ SHA-256(seed) = commitment")
    expect(stdout).toMatch(/\d+ of \d+ checks failed/)
    expect(code).toBe(1)
  })

  it("says a competition not drawn yet has nothing to verify, exit code 1", async () => {
    const { code, stdout } = await run(shop, "not-drawn")
    expect(stdout).toContain("The draw has not happened yet")
    expect(code).toBe(1)
  })

  it("checks the drand round with --check-beacon, and catches a swapped value", async () => {
    const skipped = await run(shop, "with-drand")
    expect(skipped.stdout).toMatch(
      /– beacon: drand round \d+ of .* not fetched \(add --check-beacon\)/,
    )
    expect(skipped.code).toBe(0)
    const checked = await run(shop, "with-drand", "--check-beacon")
    expect(checked.stdout).toMatch(/✓ beacon: round \d+ is the first after the close/)
    expect(checked.stdout).toMatch(/✓ beacon: drand round \d+ randomness = B/)
    expect(checked.code).toBe(0)
    const swapped = await run(shop, "drand-swapped", "--check-beacon")
    expect(swapped.stdout).toMatch(/✗ re-derived winning ticket|✗ re-derived k/)
    expect(swapped.code).toBe(1)
  })

  it("exits 2 with a clear message on usage and network errors", async () => {
    const usage = await run(shop)
    expect(usage.stderr).toContain("expected a shop URL and a competition id")
    expect(usage.stderr).toContain("usage: npm run verify-draw")
    expect(usage.code).toBe(2)
    const missing = await run(shop, "no-such-competition")
    expect(missing.stderr).toMatch(/answered 404/)
    expect(missing.code).toBe(2)
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const unreachable = await run(`http://127.0.0.1:${port}`, "genuine")
    expect(unreachable.stderr).toMatch(/could not fetch .*api\/Draws\/proof\/genuine/)
    expect(unreachable.code).toBe(2)
  })
})

describe("docs/fairness.md", () => {
  /** The page's worked example, computed step by step with core's procedure. */
  const example = {
    competitionId: "9a72459a-12e8-4d20-a8bc-22909082412f",
    seed: "facd8f544e1838e315b283707f07ee5334958f519dfbfe90a93cdc7bc82e75f0",
    tickets: [256, 3, 108, 9, 42, 10, 27],
    beacon: "e22dc365bb4bcad47e7988c2252939363c59e8a2d3eb72ffa957f23c004bfa12",
    close: CLOSE,
    salt: "333121a63bac04bf2096c17f424eb2cc00e30a7b3c02a128be8d33d34627086c",
    instantWins: INSTANT_WINS,
  }

  const workedExample = (): { text: string; proof: Published } => {
    const seed = Buffer.from(example.seed, "hex")
    const entries = entriesText(example.tickets)
    const hash = entriesHash(example.tickets)
    const n = example.tickets.length
    const inputs = {
      seed,
      competitionId: example.competitionId,
      entriesHash: hash,
      beacon: example.beacon,
      entryCount: n,
    }
    const limit = acceptanceLimit(n)
    const round = drandRoundAfter(example.close, DRAND.genesisSeconds, DRAND.periodSeconds)
    const closeSeconds = example.close.getTime() / 1000
    const publishedAt = DRAND.genesisSeconds + (round - 1) * DRAND.periodSeconds
    const lines = instantWinLines(example.instantWins)
    const drawn = winningIndex(inputs)
    const text = [
      "Main draw",
      `  competitionId     ${example.competitionId}`,
      `  S (seed, hex)     ${example.seed}`,
      `  commitment        SHA-256(S) = ${seedCommitment(seed)}`,
      `  entries text      ${JSON.stringify(entries)}`,
      `  entriesHash       SHA-256(entries text) = ${hash}`,
      `  N                 ${n}`,
      `  B                 ${example.beacon}`,
    ]
    for (let k = 0; k <= drawn.attempt; k++) {
      const message = attemptMessage(inputs, k)
      const h = createHmac("sha256", seed).update(message).digest()
      const x = attemptValue(inputs, k)
      expect(h.readBigUInt64BE(0)).toBe(x)
      text.push(
        `  k = ${k}`,
        `    message         ${message}`,
        `    h               HMAC-SHA256(key = S, message) = ${h.toString("hex")}`,
        `    x               first 8 bytes of h = 0x${h.subarray(0, 8).toString("hex")} = ${x}`,
        `    limit           floor(2^64 / ${n}) * ${n} = ${limit}`,
        `    x < limit?      ${x < limit ? "yes: accepted" : "no: try the next k"}`,
      )
    }
    const x = attemptValue(inputs, drawn.attempt)
    const winner = sortedEntries(example.tickets)[drawn.index] as number
    text.push(
      `  index             x mod ${n} = ${x % BigInt(n)}`,
      `  winning ticket    entry ${drawn.index} (counting from 0) of the sorted list = ${winner}`,
      "",
      "Beacon round (drand)",
      `  close             ${example.close.toISOString()} = ${closeSeconds} s after 1970`,
      `  {url}/info        genesis_time ${DRAND.genesisSeconds}, period ${DRAND.periodSeconds}`,
      `  round             floor((${closeSeconds} - ${DRAND.genesisSeconds}) / ${DRAND.periodSeconds}) + 2 = ${round}`,
      `  published at      ${DRAND.genesisSeconds} + (${round} - 1) * ${DRAND.periodSeconds} = ${publishedAt} s = ${new Date(publishedAt * 1000).toISOString()}`,
      "",
      "Instant wins",
      `  salt              ${example.salt}`,
      `  lines             ${JSON.stringify(lines)}`,
      `  commitment        SHA-256(salt + "\\n" + lines) = ${instantWinCommitment(example.salt, example.instantWins)}`,
    )
    const proof = publish({
      competitionId: example.competitionId,
      seed,
      tickets: example.tickets,
      beacon: { url: "https://api.drand.sh", value: example.beacon },
      instantWins: example.instantWins,
      salt: example.salt,
    })
    expect(proof.json.proof.winningTicketNumber).toBe(winner)
    return { text: text.join("\n"), proof }
  }

  it("shows a worked example that is what the code computes", () => {
    const page = readFileSync(new URL("../../docs/fairness.md", import.meta.url), "utf8")
    const block =
      /<!-- worked example[^>]*-->\n```text\n([\s\S]*?)\n```\n<!-- end of worked example -->/.exec(
        page,
      )
    expect(block, "docs/fairness.md has the worked example's markers").not.toBeNull()
    expect(block?.[1]).toBe(workedExample().text)
  })

  /** The page's redraw example: the worked example's winner unclaimed, redrawn once. */
  const redrawExample = () => {
    const seed = Buffer.from(example.seed, "hex")
    const beacon = "dd2622b8463e6b32279c971b7cb9151389910df9b80f2d065c900db72a2d6c60"
    const original = entriesText(example.tickets)
    const replaced = 10
    const entries = redrawEntriesText(original, [replaced])
    const outcome = redrawFromEntryList({
      seed,
      competitionId: example.competitionId,
      beacon,
      originalEntries: original,
      redrawNumber: 1,
      excludedTicketNumbers: [replaced],
    })
    if (!("winningTicketNumber" in outcome)) throw new Error("no entries")
    const n = outcome.entryCount
    const inputs = {
      seed,
      competitionId: example.competitionId,
      entriesHash: outcome.entriesHash,
      beacon,
      entryCount: n,
      redrawNumber: 1,
      excludedTicketNumbers: [replaced],
    }
    const text = [
      `Redraw 1 (ticket ${replaced} won the worked example's draw; its prize went unclaimed)`,
      `  excluded          ${replaced}`,
      `  entries text      ${JSON.stringify(entries)}`,
      `  entriesHash       SHA-256(entries text) = ${outcome.entriesHash}`,
      `  N                 ${n}`,
      `  B                 ${beacon}`,
    ]
    const limit = acceptanceLimit(n)
    let x = 0n
    for (let k = 0; k <= outcome.attempt; k++) {
      const message = redrawAttemptMessage(inputs, k)
      const h = createHmac("sha256", seed).update(message).digest()
      x = h.readBigUInt64BE(0)
      text.push(
        `  k = ${k}`,
        `    message         ${message}`,
        `    h               HMAC-SHA256(key = S, message) = ${h.toString("hex")}`,
        `    x               first 8 bytes of h = 0x${h.subarray(0, 8).toString("hex")} = ${x}`,
        `    limit           floor(2^64 / ${n}) * ${n} = ${limit}`,
        `    x < limit?      ${x < limit ? "yes: accepted" : "no: try the next k"}`,
      )
    }
    const index = Number(x % BigInt(n))
    text.push(
      `  index             x mod ${n} = ${index}`,
      `  winning ticket    entry ${index} (counting from 0) of the redraw's list = ${outcome.winningTicketNumber}`,
    )
    return text.join("\n")
  }

  it("shows a redraw example that is what the code computes", () => {
    const page = readFileSync(new URL("../../docs/fairness.md", import.meta.url), "utf8")
    const block =
      /<!-- redraw example[^>]*-->\n```text\n([\s\S]*?)\n```\n<!-- end of redraw example -->/.exec(
        page,
      )
    expect(block, "docs/fairness.md has the redraw example's markers").not.toBeNull()
    expect(block?.[1]).toBe(redrawExample())
  })

  it("has a worked example that the independent checker accepts", () => {
    const { proof } = workedExample()
    expect(proof.json.proof.instantWins.salt).toBe(example.salt)
    expect(failures(verifyInProcess(proof))).toEqual([])
  })
})
