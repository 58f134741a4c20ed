import AxeBuilder from "@axe-core/playwright"
import { type APIRequestContext, expect, type Page, test } from "@playwright/test"
import { customerTest, signInThroughApi } from "./support"

/**
 * Decision 0024: the demo member of staff draws the closed live competition
 * through the API and its winner shows on /Home/Winners and, with the proof,
 * on the competition page; /Legitimacy lists past draws, /Live is offline
 * in this brand, a competition on sale shows its commitment. The shop is
 * shared by both projects and by re-runs: whichever call draws first, every
 * call answers that same draw.
 */

const LIVE_COMPETITION = "Signed Ashes Stumps, Framed"
// Drawing is Staff work (decision 0026), and the demo Staff account signs in with a password alone.
const STAFF = { email: "staff@howzat.example", password: "Howzat!Staff2026" }

interface Listed {
  id: string
  name: string
  status: 0 | 1 | 3
  drawCommitment: string
}

interface Draw {
  competition: { id: string; name: string }
  outcome: "Winner" | "NoEntries"
  drawnAt: string
  entryCount: number
  winningTicketNumber: number | null
  winner: { fullName: string } | null
}

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
    }))
}

/** Every visible competition, closed ones too (a live one stays "current" until its draw slot). */
const allCompetitions = async (request: APIRequestContext) => {
  const response = await request.get("/api/Competitions?PageSize=100&TimePeriod=All")
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { competitions: Listed[] }).competitions
}

/** Signs the demo member of staff in through the API, as a host's tool would. */
const signInAsStaff = async (page: Page) => (await signInThroughApi(page.request, STAFF)).headers

test("the demo staff member draws the live competition; its winner and proof show", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const stumps = (await allCompetitions(page.request)).find((c) => c.name === LIVE_COMPETITION)
  expect(stumps, "the demo data has a closed live competition").toBeDefined()
  const headers = await signInAsStaff(page)

  const drawIt = () =>
    page.request.post(`/api/Draws/draw-competition-winner/${stumps!.id}`, { headers })
  const first = await drawIt()
  expect(first.status(), await first.text()).toBe(200)
  const { draw } = (await first.json()) as { draw: Draw }
  expect(draw.outcome).toBe("Winner")
  expect(draw.winner?.fullName).toBeTruthy()
  expect(draw.winningTicketNumber).not.toBeNull()
  // Drawing again (a second press, the other project, a re-run) answers the same draw.
  const second = await drawIt()
  expect(second.status()).toBe(200)
  expect(((await second.json()) as { draw: Draw }).draw).toEqual(draw)

  const winner = draw.winner!.fullName
  const ticket = String(draw.winningTicketNumber)

  await page.goto("/Home/Winners")
  const card = page.getByRole("article").filter({ hasText: LIVE_COMPETITION })
  await expect(card).toContainText(winner)
  await expect(card).toContainText(`Ticket number ${ticket}`)

  await page.goto(`/Competitions/Competition/${stumps!.id}`)
  await expect(page.getByRole("heading", { name: LIVE_COMPETITION, level: 1 })).toBeVisible()
  await expect(page.getByText(`${winner}, ticket ${ticket}`).first()).toBeVisible()
  // Drawn, it says so with the winning ticket and the way to the proof, and counts nothing down.
  await expect(page.getByText(`Drawn: winning ticket ${ticket}`)).toBeVisible()
  await expect(page.getByRole("link", { name: "See the draw's proof" })).toBeVisible()
  await expect(page.getByRole("timer")).toHaveCount(0)
  await page.getByText("Draw & Fairness").click()
  const section = page.locator("#draw-fairness")
  await expect(section.getByText("Seed, revealed at the draw")).toBeVisible()
  await expect(section.getByText(/^No public beacon was used for this draw/)).toBeVisible()
  await expect(section.getByText(stumps!.drawCommitment)).toBeVisible()
  const origin = new URL(page.url()).origin
  await expect(
    section.getByText(`npm run verify-draw -- ${origin} ${stumps!.id}`, { exact: true }),
  ).toBeVisible()

  // The entry list it links to holds the winning ticket, one number a line.
  const entriesHref = await section
    .getByRole("link", { name: "Download the entry list" })
    .getAttribute("href")
  const entries = await page.request.get(entriesHref!)
  expect(entries.ok()).toBe(true)
  const numbers = (await entries.text()).split("\n")
  expect(numbers).toHaveLength(draw.entryCount)
  expect(numbers).toContain(ticket)

  expect(await seriousViolations(page)).toEqual([])

  // Drawn ahead of its slot, it no longer waits for the stream.
  await page.goto("/Live")
  const waiting = page.getByRole("region", { name: "Waiting for the live draw" })
  await expect(waiting).toBeVisible()
  await expect(waiting.getByText(LIVE_COMPETITION)).toHaveCount(0)
})

test("/Legitimacy explains the draws and links past draws to their proofs", async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto("/Legitimacy")
  await expect(page.getByRole("heading", { name: "How our draws work", level: 1 })).toBeVisible()
  await expect(page.getByRole("heading", { name: "Past draws" })).toBeVisible()
  // The demo data's two competitions drawn before today, whatever else was drawn since.
  for (const name of ["Luxury Chronograph Watch", "Range Rover Evoque or £35,000 Cash"]) {
    await expect(
      page.getByRole("link", { name: `View proof of the draw of ${name}` }),
    ).toBeVisible()
  }
  expect(await seriousViolations(page)).toEqual([])

  await page
    .getByRole("link", { name: "View proof of the draw of Luxury Chronograph Watch" })
    .click()
  await expect(page).toHaveURL(/\/Competitions\/Competition\/[^#]+#draw-fairness$/)
  // Arriving from the list opens the section at the proof.
  await expect(page.locator("#draw-fairness").getByText("Seed, revealed at the draw")).toBeVisible()
})

test("a closed competition awaiting its draw says when, on its tile and its page", async ({
  page,
}) => {
  // Closed yesterday, drawn automatically in a few days: still on the home page's list.
  const waiting = (await allCompetitions(page.request)).find(
    (c) => c.name === "Masuri Test Helmet & Pads Bundle",
  )
  expect(waiting, "the demo data has a closed competition awaiting its draw").toBeDefined()
  const closedDrawOn = /^Closed: draw on \d{1,2}(st|nd|rd|th) \w+ \d{4} at \d{1,2}:\d{2}(am|pm)$/

  await page.goto("/")
  const tile = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: waiting!.name }) })
  await expect(tile.getByText(closedDrawOn)).toBeVisible()
  await expect(tile.getByRole("timer")).toBeVisible()
  await expect(tile.getByText("CLOSED! DRAW IN", { exact: true })).toHaveCount(0)

  await page.goto(`/Competitions/Competition/${waiting!.id}`)
  await expect(page.getByText(closedDrawOn)).toBeVisible()
  await expect(page.getByText("Competition has closed! Best of luck to everyone!")).toBeVisible()
})

test("a competition drawn before today says drawn, with its winning ticket", async ({ page }) => {
  const drawn = (await page.request.get("/api/Draws?PageSize=100").then((r) => r.json())) as {
    draws: Draw[]
  }
  const watch = drawn.draws.find((d) => d.competition.name === "Luxury Chronograph Watch")
  expect(watch?.winningTicketNumber, "the demo data's drawn watch").toBeTruthy()
  await page.goto(`/Competitions/Competition/${watch!.competition.id}`)
  await expect(page.getByText(`Drawn: winning ticket ${watch!.winningTicketNumber}`)).toBeVisible()
  await expect(page.getByText("COMPETITION HAS CLOSED", { exact: true })).toHaveCount(0)
  await page.getByRole("link", { name: "See the draw's proof" }).click()
  await expect(page.locator("#draw-fairness").getByText("Seed, revealed at the draw")).toBeVisible()
})

test("/Live is offline in this brand, with a way to the competitions", async ({ page }) => {
  await page.goto("/Live")
  await expect(page.getByRole("heading", { name: "Live draws", level: 1 })).toBeVisible()
  await expect(page.getByText("We're not live right now.")).toBeVisible()
  await expect(page.locator("iframe")).toHaveCount(0)
  await expect(page.getByRole("heading", { name: "Next live draw" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("link", { name: "View All Competitions" }).click()
  await expect(page).toHaveURL(/\/Competitions$/)
})

test("a competition on sale shows its draw commitment before the draw", async ({ page }) => {
  const open = (await allCompetitions(page.request)).find((c) => c.status === 1)
  expect(open, "the demo data has a competition on sale").toBeDefined()
  await page.goto(`/Competitions/Competition/${open!.id}`)
  await page.getByText("Draw & Fairness").click()
  const section = page.locator("#draw-fairness")
  await expect(section.getByText(open!.drawCommitment, { exact: true })).toBeVisible()
  await expect(
    section.getByText("Free postal entries have exactly the same chance", { exact: false }),
  ).toBeVisible()
  await expect(section.getByRole("link", { name: /How our draws work/ })).toHaveAttribute(
    "href",
    "/Legitimacy",
  )
  expect(await seriousViolations(page)).toEqual([])
})

test.describe("dark theme", () => {
  test.use({ colorScheme: "dark" })

  test("a drawn competition's proof, /Legitimacy and /Live pass axe", async ({ page }) => {
    test.setTimeout(90_000)
    const drawn = (await allCompetitions(page.request)).find(
      (c) => c.name === "Luxury Chronograph Watch",
    )
    expect(drawn, "the demo data has a competition drawn before today").toBeDefined()
    await page.goto(`/Competitions/Competition/${drawn!.id}#draw-fairness`)
    await expect(
      page.locator("#draw-fairness").getByText("Seed, revealed at the draw"),
    ).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await page.goto("/Legitimacy")
    await expect(page.getByRole("heading", { name: "Past draws" })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await page.goto("/Live")
    await expect(page.getByText("We're not live right now.")).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})

customerTest("the DRAWN tab marks the customer's winning ticket", async ({ page }) => {
  customerTest.setTimeout(60_000)
  const drawn = (await page.request.get("/api/Draws?PageSize=100").then((r) => r.json())) as {
    draws: Draw[]
  }
  const byName = (name: string) => drawn.draws.find((d) => d.competition.name === name)!
  const won = byName("Luxury Chronograph Watch")
  const lost = byName("Range Rover Evoque or £35,000 Cash")
  const competitionOf = async (id: string) =>
    (
      (await page.request.get(`/api/Competitions/${id}`).then((r) => r.json())) as {
        competition: unknown
      }
    ).competition
  const wonTicket = won.winningTicketNumber!
  const lostTicket = lost.winningTicketNumber! + 1
  // The demo's winners are seeded players nobody can sign in as, so the customer's drawn
  // tickets are stood in for; the proofs that mark them are the shop's own.
  const entries = [
    {
      competition: await competitionOf(won.competition.id),
      ticketNumbers: `${wonTicket - 1},${wonTicket}`,
    },
    { competition: await competitionOf(lost.competition.id), ticketNumbers: String(lostTicket) },
  ]
  await page.route(/\/api\/Customers\/[^/]+\/competitions\?.*Status=3/, (route) =>
    route.fulfill({
      json: {
        competitions: entries.map((e) => ({
          ...e,
          ticketCount: e.ticketNumbers.split(",").length,
          instantWins: [],
        })),
        pageNumber: 1,
        pageSize: 20,
        totalCount: entries.length,
        totalPages: 1,
      },
    }),
  )

  await page.goto("/Account/Tickets?tab=drawn")
  const panel = page.getByRole("tabpanel")
  const card = (name: string) => panel.getByRole("listitem").filter({ hasText: name })
  await expect(card(won.competition.name)).toContainText(`You won! Ticket ${wonTicket} was drawn.`)
  await expect(card(lost.competition.name)).toContainText(
    `Drawn: the winning ticket was ${lost.winningTicketNumber}.`,
  )
  await expect(card(lost.competition.name)).not.toContainText("You won!")
  // Each says drawn with the way to its proof, and no longer a date still to come.
  for (const name of [won.competition.name, lost.competition.name]) {
    await expect(card(name).getByRole("link", { name: /^See the draw's proof/ })).toHaveAttribute(
      "href",
      /\/Competitions\/Competition\/[^#]+#draw-fairness$/,
    )
    await expect(card(name)).not.toContainText("Draw date:")
  }
})
