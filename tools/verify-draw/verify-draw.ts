import {
  type Check,
  checkBeacon,
  checkDraw,
  checkInstantWins,
  checkRedrawBeacon,
  checkRedraws,
  type DrandReading,
  type Proof,
  parseProof,
} from "./checks"

/**
 * `npm run verify-draw -- <shop URL> <competitionId> [--check-beacon]`
 *
 * Downloads a competition's published draw proof and entry list and checks
 * them as docs/fairness.md describes. Exit code 0: every check passed;
 * 1: a check failed, or there is nothing to verify yet; 2: a usage or
 * network error (nothing was checked).
 */

const USAGE = `usage: npm run verify-draw -- <shop URL> <competitionId> [--check-beacon]

  <shop URL>        the shop's address, e.g. https://shop.example or http://localhost:3000
  <competitionId>   the competition's id, as in its page's address or the API
  --check-beacon    also fetch the drand round from the drand network and compare it`

/** A failure before any check could be made (exit code 2). */
class CannotCheck extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message)
  }
}

const MARK = { pass: "✓", fail: "✗", skip: "–" } as const

const fetchOrExplain = async (url: string): Promise<Response> => {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
  } catch (error) {
    const cause =
      error instanceof Error
        ? ((error.cause as Error | undefined)?.message ?? error.message)
        : `${error}`
    throw new CannotCheck(`could not fetch ${url}: ${cause}`)
  }
  if (!response.ok) {
    const why = await explainFailure(response)
    throw new CannotCheck(`${url} answered ${response.status}${why ? `: ${why}` : ""}`)
  }
  return response
}

/** A problem+json's detail or title, else the start of the body on one line. */
const explainFailure = async (response: Response): Promise<string> => {
  const body = await response.text().catch(() => "")
  try {
    const problem = JSON.parse(body) as { detail?: unknown; title?: unknown }
    const text = problem.detail ?? problem.title
    if (typeof text === "string") return text
  } catch {
    // not JSON: fall through to the raw text
  }
  return body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160)
}

const fetchJson = async (url: string): Promise<unknown> => {
  const response = await fetchOrExplain(url)
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    throw new CannotCheck(`${url} did not answer JSON (is this the shop's address?)`)
  }
}

const readDrand = async (url: string, round: number): Promise<DrandReading> => {
  const base = url.replace(/\/+$/, "")
  const info = (await fetchJson(`${base}/info`)) as { genesis_time?: unknown; period?: unknown }
  const reading = (await fetchJson(`${base}/public/${round}`)) as {
    round?: unknown
    randomness?: unknown
  }
  if (
    typeof info.genesis_time !== "number" ||
    typeof info.period !== "number" ||
    info.period <= 0
  ) {
    throw new CannotCheck(`${base}/info has no genesis_time and period`)
  }
  if (typeof reading.round !== "number" || typeof reading.randomness !== "string") {
    throw new CannotCheck(`${base}/public/${round} has no round and randomness`)
  }
  return {
    info: { genesisSeconds: info.genesis_time, periodSeconds: info.period },
    round: { round: reading.round, randomness: reading.randomness },
  }
}

const print = (checks: readonly Check[]) => {
  for (const check of checks) {
    const detail = check.detail === undefined ? "" : `: ${check.detail}`
    console.log(`${MARK[check.status]} ${check.label}${detail}`)
  }
}

const verify = async (
  shop: URL,
  competitionId: string,
  checkBeaconOnline: boolean,
): Promise<number> => {
  // Ids are shown in lower case (docs/fairness.md); a copy in capitals still finds the proof.
  const id = encodeURIComponent(competitionId.toLowerCase())
  const proofUrl = new URL(`api/Draws/proof/${id}`, shop).href
  const parsed = parseProof(await fetchJson(proofUrl))
  if (!parsed.ok) {
    print([
      {
        status: "fail",
        label: "the proof is in the published format",
        detail: parsed.problems.join("; "),
      },
    ])
    return 1
  }
  const proof: Proof = parsed.value
  console.log(
    `Draw of "${proof.competitionName}" (${proof.competitionId}), closed ${proof.closeDateTimeUtc.toISOString()}`,
  )
  console.log(`Seed commitment: ${proof.commitment}`)

  if (proof.outcome === "NotDrawn") {
    console.log("The draw has not happened yet: there is no seed, entry list or winner to check.")
    print(checkInstantWins(proof))
    return 1
  }

  const entriesResponse = await fetchOrExplain(new URL(`api/Draws/entries/${id}`, shop).href)
  const entries = new Uint8Array(await entriesResponse.arrayBuffer())
  const beacon =
    checkBeaconOnline && proof.beacon?.source === "drand"
      ? await readDrand(proof.beacon.url, proof.beacon.round)
      : undefined
  console.log(
    proof.outcome === "Winner"
      ? `Drawn ${proof.drawnAt?.toISOString()}: winning ticket ${proof.winningTicketNumber}`
      : `Drawn ${proof.drawnAt?.toISOString()}: no entries, no winner`,
  )
  const redrawBeacons: Check[] = []
  for (const redraw of proof.redraws) {
    console.log(
      `Prize unclaimed: redraw ${redraw.redrawNumber} of ${redraw.drawnAt.toISOString()} replaced ticket ${redraw.replacesTicketNumber} with ticket ${redraw.winningTicketNumber}`,
    )
    const reading =
      checkBeaconOnline && redraw.beacon.source === "drand"
        ? await readDrand(redraw.beacon.url, redraw.beacon.round)
        : undefined
    redrawBeacons.push(...checkRedrawBeacon(redraw, reading))
  }
  const checks = [
    ...checkDraw(proof, entries, competitionId),
    ...checkBeacon(proof, beacon),
    ...checkRedraws(proof, entries),
    ...redrawBeacons,
    ...checkInstantWins(proof),
  ]
  print(checks)
  const made = checks.filter((check) => check.status !== "skip")
  const failed = made.filter((check) => check.status === "fail").length
  console.log(
    failed === 0
      ? `All ${made.length} checks passed: this draw is as published.`
      : `${failed} of ${made.length} checks failed: this draw does not match its proof.`,
  )
  return failed === 0 ? 0 : 1
}

const parseArguments = (argv: readonly string[]) => {
  const flags = argv.filter((a) => a.startsWith("--"))
  const positional = argv.filter((a) => !a.startsWith("--"))
  const unknown = flags.filter((f) => f !== "--check-beacon")
  if (flags.includes("--help")) return { help: true as const }
  if (unknown.length > 0) throw new CannotCheck(`unknown option ${unknown[0]}`, true)
  if (positional.length !== 2)
    throw new CannotCheck("expected a shop URL and a competition id", true)
  const [shopText, competitionId] = positional as [string, string]
  let shop: URL
  try {
    shop = new URL(shopText.endsWith("/") ? shopText : `${shopText}/`)
  } catch {
    throw new CannotCheck(`${JSON.stringify(shopText)} is not a URL (e.g. http://localhost:3000)`)
  }
  if (shop.protocol !== "http:" && shop.protocol !== "https:") {
    throw new CannotCheck(`the shop URL must start with http:// or https://, not ${shop.protocol}`)
  }
  if (competitionId.trim() === "") throw new CannotCheck("the competition id is empty")
  return {
    help: false as const,
    shop,
    competitionId,
    checkBeacon: flags.includes("--check-beacon"),
  }
}

const main = async (): Promise<number> => {
  try {
    const args = parseArguments(process.argv.slice(2))
    if (args.help) {
      console.log(USAGE)
      return 0
    }
    return await verify(args.shop, args.competitionId, args.checkBeacon)
  } catch (error) {
    if (error instanceof CannotCheck) {
      console.error(`verify-draw: ${error.message}`)
      if (error.showUsage) console.error(USAGE)
    } else {
      // Say what broke rather than print a bare stack: nothing was checked.
      console.error(
        `verify-draw: could not finish: ${error instanceof Error ? error.message : error}`,
      )
    }
    return 2
  }
}

process.exitCode = await main()
