import { readFile } from "node:fs/promises"
import { expect } from "@playwright/test"
import { openDashboard, seriousViolations, test, uniqueName } from "./back-office"

/**
 * Draws and winners (decisions 0024, 0035): the host's waiting list and the recent
 * draws, the winners lists with notes and processed status, and a free
 * postal entry typed in from a postcard. Drawing the demo live competition is
 * draws.spec.ts's (through the API), so this journey only reads the waiting
 * list; what it changes in the shared shop it puts back.
 */

/**
 * How soon the competition drawn here closes: long enough for its postcard to be recorded
 * first, as soon as can be after that.
 */
const CLOSES_IN_MS = 5_000

test("the draws screen lists what waits for a draw and the draws made", async ({ page }) => {
  await openDashboard(page)
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Draws" })
    .click()
  await expect(page.getByRole("heading", { name: "Draws", level: 1 })).toBeVisible()

  const recent = page.getByRole("table", { name: "Draws made, newest first" })
  await expect(recent).toBeVisible()
  // The demo shop's past competitions were drawn with the real procedure.
  await expect(recent.getByRole("link", { name: /Public proof/ }).first()).toHaveAttribute(
    "href",
    /^\/Competitions\/Competition\//,
  )
  // The waiting list is there, with Draw now for a live competition, or says there is none.
  const waiting = page.getByRole("table", { name: /waiting for their draw/ })
  await expect(waiting.or(page.getByText("No competition is waiting to be drawn."))).toBeVisible()
  if (await waiting.isVisible()) {
    const drawNow = waiting.getByRole("button", { name: /^Draw now/ }).first()
    if (await drawNow.isVisible()) {
      await drawNow.click()
      const dialog = page.getByRole("dialog")
      await expect(dialog).toContainText("cannot be undone")
      await dialog.getByRole("button", { name: "Cancel" }).click()
      await expect(dialog).toBeHidden()
    }
  }
  expect(await seriousViolations(page)).toEqual([])

  // A date range far in the future has no draws, and says so; the filter lives in the URL.
  await page.getByLabel("Drawn from").fill("2099-01-01")
  await page.getByRole("button", { name: "Show draws" }).click()
  await expect(page).toHaveURL(/from=2099-01-01/)
  await expect(page.getByText("No draws in these dates.")).toBeVisible()
  await page.getByRole("button", { name: "Clear dates" }).click()
  await expect(recent).toBeVisible()
})

test("winners: a note is added, edited and deleted, and a prize marked processed", async ({
  page,
}) => {
  await page.goto("/admin/winners")
  await expect(page.getByRole("heading", { name: "Winners", level: 1 })).toBeVisible()
  const table = page.getByRole("table", { name: "Main prize winners" })
  await expect(table).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Only those still waiting for their prize; the filter is in the URL.
  await page.getByLabel("Prize status").selectOption("NotProcessed")
  await expect(page).toHaveURL(/status=NotProcessed/)
  const row = table.getByRole("row").nth(1)
  await expect(row).toBeVisible()
  await expect(row).toContainText("Not processed")
  const competitionName = (await row.getByRole("cell").nth(0).textContent())?.trim() ?? ""
  const ticket = (await row.getByRole("cell").nth(1).textContent())?.trim() ?? ""

  // A note: added, shown with its author, edited, then deleted after a confirm.
  await row.getByRole("button", { name: /^Notes \(/ }).click()
  const notes = page.getByRole("region", { name: /^Notes:/ })
  await expect(notes).toBeVisible()
  await notes.getByRole("button", { name: "Add note" }).click()
  await expect(notes.getByText("A note cannot be empty.")).toBeVisible()
  const text = uniqueName("Prize posted, tracking")
  await notes.getByLabel("Add a note").fill(text)
  await notes.getByRole("button", { name: "Add note" }).click()
  await expect(notes.getByRole("status")).toHaveText("Note added.")
  await expect(notes.getByText(text)).toBeVisible()
  await expect(notes.getByLabel("Add a note")).toHaveValue("")

  await notes.getByRole("button", { name: "Edit" }).last().click()
  await notes.getByLabel("Edit note").fill(`${text} (signed for)`)
  await notes.getByRole("button", { name: "Save note" }).click()
  await expect(notes.getByRole("status")).toHaveText("Note saved.")
  await expect(notes.getByText(`${text} (signed for)`)).toBeVisible()

  await notes.getByRole("button", { name: "Delete" }).last().click()
  const dialog = page.getByRole("dialog", { name: "Delete this note?" })
  await expect(dialog).toContainText(`${text} (signed for)`)
  await dialog.getByRole("button", { name: "Delete note" }).click()
  await expect(dialog).toBeHidden()
  await expect(notes.getByRole("status")).toHaveText("Note deleted.")
  await expect(notes.getByText(`${text} (signed for)`)).toBeHidden()
  await notes.getByRole("button", { name: "Close notes" }).click()

  // Marked processed: it leaves the "Not processed" list and shows under Processed.
  await row.getByRole("button", { name: /^Mark processed/ }).click()
  await expect(page.getByText(/marked processed\.$/)).toBeVisible()
  await page.getByLabel("Prize status").selectOption("Processed")
  const processedRow = table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: competitionName, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: ticket, exact: true }) })
  await expect(processedRow).toContainText("Processed")

  // Put back as found, after a confirm that says what is cleared.
  await processedRow.getByRole("button", { name: /^Mark not processed/ }).click()
  const undo = page.getByRole("dialog", { name: "Mark this prize not processed?" })
  await expect(undo).toContainText("is cleared")
  await undo.getByRole("button", { name: "Mark not processed" }).click()
  await expect(page.getByText(/marked not processed\.$/)).toBeVisible()

  // The instant-win winners are the other tab.
  await page.getByRole("link", { name: "Instant wins" }).click()
  await expect(page).toHaveURL(/tab=instant/)
  await expect(
    page
      .getByRole("table", { name: "Instant-win prize winners" })
      .or(page.getByText("No winners to show.")),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test("a free postal entry is recorded for an open competition", async ({ page }) => {
  await page.goto("/admin/postal-entries")
  await expect(page.getByRole("heading", { name: "Postal entries", level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const competition = page.getByLabel("Competition")
  const firstOpen = await competition
    .locator("option:not([value=''])")
    .first()
    .getAttribute("value")
  await competition.selectOption(firstOpen ?? "")
  await expect(page).toHaveURL(/competitionId=/)

  // The server's docs/product/validation.md words for what is missing, beside each field; nothing recorded.
  await page.getByRole("button", { name: "Record postal entry" }).click()
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true")
  await expect(page.getByRole("heading", { name: /Entry recorded/ })).toBeHidden()

  const name = uniqueName("Postcard")
  const email = `postal-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`
  await page.getByLabel("First name").fill(name.split(" ")[0] ?? "Postcard")
  await page.getByLabel("Last name").fill("Sender")
  await page.getByLabel("Email address").fill(email)
  await page.getByLabel("Date of birth").fill("1990-05-17")
  await page.getByLabel("Address line 1").fill("1 High Street")
  await page.getByLabel("Town or city").fill("Leeds")
  await page.getByLabel("Postcode").fill("LS1 4AP")
  const reference = uniqueName("PC").replace(" ", "-")
  await page.getByLabel("Postcard reference (optional)").fill(reference)
  await page.getByRole("button", { name: "Record postal entry" }).click()

  const result = page.getByRole("heading", { name: /^Entry recorded: ticket \d+$/ })
  await expect(result).toBeVisible()
  await expect(page.getByText(reference)).toBeVisible()
  // The form is cleared for the next postcard.
  await expect(page.getByLabel("Email address")).toHaveValue("")

  // The same postcard again (a retry) answers the entry already recorded, not a second ticket.
  const ticket = (await result.textContent())?.match(/\d+$/)?.[0]
  await page.getByLabel("First name").fill(name.split(" ")[0] ?? "Postcard")
  await page.getByLabel("Last name").fill("Sender")
  await page.getByLabel("Email address").fill(email)
  await page.getByLabel("Date of birth").fill("1990-05-17")
  await page.getByLabel("Address line 1").fill("1 High Street")
  await page.getByLabel("Town or city").fill("Leeds")
  await page.getByLabel("Postcode").fill("LS1 4AP")
  await page.getByLabel("Postcard reference (optional)").fill(reference)
  await page.getByRole("button", { name: "Record postal entry" }).click()
  await expect(
    page.getByRole("heading", { name: `This postcard was already recorded: ticket ${ticket}` }),
  ).toBeVisible()

  // A tablet's width: the form and the menu still fit.
  await page.setViewportSize({ width: 800, height: 1100 })
  await expect(page.getByRole("button", { name: "Record postal entry" })).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
  expect(overflow).toBe(false)
  await page.goto("/admin/winners")
  await expect(page.getByRole("table", { name: "Main prize winners" })).toBeVisible()
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    ),
  ).toBe(false)
})

test("a live competition is drawn from the Draws screen, its postal entrant the winner", async ({
  page,
  staff,
}) => {
  test.setTimeout(60_000)
  // The competition this test may draw: its own, live, hidden, closing in a few seconds.
  const name = uniqueName("Drawn from the back office")
  const closesAt = Date.now() + CLOSES_IN_MS
  const created = await page.request.post("/api/Competitions", {
    headers: staff.headers,
    data: {
      name,
      description: "A competition the back-office journey draws.",
      ticketPrice: 100,
      totalTickets: 20,
      maxTicketsPerCustomer: 5,
      defaultTicketSaleQuantity: 1,
      // Open for more than the shop's minimum, a day
      // (docs/decisions/0045-competition-transparency-and-share.md); closing in a few seconds.
      startDateTimeUtc: new Date(Date.now() - 25 * 60 * 60_000).toISOString(),
      closeDateTimeUtc: new Date(closesAt).toISOString(),
      // Drawn as soon as it closes: nobody may draw before the draw time it advertises.
      drawDateTimeUtc: new Date(closesAt).toISOString(),
      drawType: "Live",
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { competition } = (await created.json()) as { competition: { id: string } }

  // Its one entry: a postcard, recorded with the call the Postal entries screen makes
  // (whose form has its own journey above), so it is in before the close.
  const entered = await page.request.post(`/api/Competitions/${competition.id}/free-postal-entry`, {
    headers: staff.headers,
    data: {
      firstName: "Winifred",
      lastName: "Postcard",
      emailAddress: `winifred-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`,
      dateOfBirth: "1985-03-02",
      telephoneNumber: "",
      address: { line1: "2 Low Road", line2: "", city: "York", county: "", postCode: "YO1 7HH" },
      entryReference: uniqueName("PC").replace(" ", "-"),
    },
  })
  expect(entered.status(), await entered.text()).toBe(201)
  const ticket = String(
    ((await entered.json()) as { postalEntry: { ticketNumber: number } }).postalEntry.ticketNumber,
  )

  // Once it has closed, it waits for its draw (the list the Draws screen shows), and the
  // host draws it there.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get("/api/Draws/CompetitionsWaitingToBeDrawn", {
          headers: staff.headers,
        })
        expect(answer.ok(), await answer.text()).toBe(true)
        const { competitions } = (await answer.json()) as { competitions: { id: string }[] }
        return competitions.some((c) => c.id === competition.id)
      },
      { message: "the closed competition waits for its draw", timeout: CLOSES_IN_MS + 15_000 },
    )
    .toBe(true)
  await page.goto("/admin/draws")
  const waiting = page.getByRole("table", { name: /waiting for their draw/ })
  await waiting.getByRole("button", { name: `Draw now: ${name}` }).click()
  const dialog = page.getByRole("dialog", { name: `Draw ${name} now?` })
  await expect(dialog).toContainText("from the 1 tickets sold")
  await dialog.getByRole("button", { name: "Draw the winner" }).click()

  const result = page.getByRole("heading", { name: `${name} has been drawn` })
  await expect(result).toBeVisible()
  await expect(result).toBeFocused()
  const section = page.getByRole("status").filter({ has: result })
  await expect(section).toContainText(`Winning ticket ${ticket}`)
  await expect(section).toContainText("Winifred Postcard")
  await expect(section.getByRole("link", { name: /See the public proof/ })).toHaveAttribute(
    "href",
    `/Competitions/Competition/${competition.id}`,
  )
  // It has left the waiting list and leads the recent draws.
  await expect(waiting.getByRole("button", { name: `Draw now: ${name}` })).toBeHidden()
  await expect(page.getByRole("table", { name: "Draws made, newest first" })).toContainText(name)
  expect(await seriousViolations(page)).toEqual([])
})

/** A live competition of this journey's own, closing in a few seconds, drawn `drawAfterMs` later. */
const liveCompetitionWithAPostcard = async (
  page: import("@playwright/test").Page,
  headers: Record<string, string>,
  name: string,
  closesAt: number,
  drawAfterMs: number,
) => {
  const created = await page.request.post("/api/Competitions", {
    headers,
    data: {
      name,
      description: "A competition the draw-host journey draws.",
      ticketPrice: 100,
      totalTickets: 20,
      maxTicketsPerCustomer: 5,
      defaultTicketSaleQuantity: 1,
      cashAlternativeValue: 50_000,
      startDateTimeUtc: new Date(Date.now() - 25 * 60 * 60_000).toISOString(),
      closeDateTimeUtc: new Date(closesAt).toISOString(),
      drawDateTimeUtc: new Date(closesAt + drawAfterMs).toISOString(),
      drawType: "Live",
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { competition } = (await created.json()) as {
    competition: { id: string; drawCommitment: string }
  }
  const entered = await page.request.post(`/api/Competitions/${competition.id}/free-postal-entry`, {
    headers,
    data: {
      firstName: "Winifred",
      lastName: "Postcard",
      emailAddress: `winifred-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`,
      dateOfBirth: "1985-03-02",
      telephoneNumber: "07700 900123",
      address: { line1: "2 Low Road", line2: "", city: "York", county: "", postCode: "YO1 7HH" },
      entryReference: uniqueName("PC").replace(" ", "-"),
    },
  })
  expect(entered.status(), await entered.text()).toBe(201)
  const ticket = ((await entered.json()) as { postalEntry: { ticketNumber: number } }).postalEntry
    .ticketNumber
  return { id: competition.id, commitment: competition.drawCommitment, ticket: String(ticket) }
}

/** How long after the close the host's competitions are advertised to be drawn. */
const DRAW_AFTER_MS = 12_000

const noSideways = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

test("the draw host view counts down, draws once, and names the winner by first name and initial", async ({
  page,
  staff,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 720 })
  // Two of this journey's own: one the host draws here, one someone else draws first.
  const closesAt = Date.now() + CLOSES_IN_MS
  const mine = uniqueName("Drawn on stream")
  const theirs = uniqueName("Drawn elsewhere")
  // The draw time a little after the close: long enough to see the button wait for it.
  const drawn = await liveCompetitionWithAPostcard(
    page,
    staff.headers,
    mine,
    closesAt,
    DRAW_AFTER_MS,
  )
  const raced = await liveCompetitionWithAPostcard(
    page,
    staff.headers,
    theirs,
    closesAt,
    DRAW_AFTER_MS,
  )

  // From its row of the Draws screen, once it waits for its draw.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get("/api/Draws/CompetitionsWaitingToBeDrawn", {
          headers: staff.headers,
        })
        const { competitions } = (await answer.json()) as { competitions: { id: string }[] }
        return competitions.some((c) => c.id === drawn.id)
      },
      { message: "the closed competition waits for its draw", timeout: CLOSES_IN_MS + 15_000 },
    )
    .toBe(true)
  await page.goto("/admin/draws")
  await page.getByRole("link", { name: `Draw host view: ${mine}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/draw-host/${drawn.id}$`))
  await expect(page.getByRole("heading", { name: mine, level: 1 })).toBeVisible()
  await expect(page.getByText("or £500.00 cash alternative")).toBeVisible()
  await expect(page.getByText(drawn.commitment)).toBeVisible()
  const drawNow = page.getByRole("button", { name: "Draw now" })
  // Before the draw time it waits, saying when; then it may be pressed.
  await expect(drawNow).toBeDisabled()
  await expect(page.getByText(/^The draw opens at/)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await expect(drawNow).toBeEnabled({ timeout: DRAW_AFTER_MS + 10_000 })

  // The CSV for operators who publish the list: the ticket, first name and initial, no contact.
  const downloading = page.waitForEvent("download")
  await page.getByRole("button", { name: `Download the entry list (CSV): ${mine}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`entry-list-${drawn.id}.csv`)
  const csv = await readFile(await download.path(), "utf8")
  expect(csv).toBe(`Ticket number,Name,Entry route\r\n${drawn.ticket},Winifred P.,Postal\r\n`)

  // The keyboard draws it: the button, then the confirmation.
  await drawNow.focus()
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: `Draw ${mine} now?` })
  await expect(dialog).toContainText("cannot be undone")
  await dialog.getByRole("button", { name: "Draw the winner" }).click()
  const result = page.getByRole("heading", { name: "The winning ticket" })
  // Focus follows once the draw's answer and the reloaded sheet are in (slow on a busy machine).
  await expect(result).toBeFocused({ timeout: 20_000 })
  const section = page.getByRole("status").filter({ has: result })
  await expect(section).toContainText(drawn.ticket)
  await expect(section).toContainText("Winifred P.")
  await expect(section).not.toContainText("Postcard")
  await expect(section).not.toContainText("Already drawn")
  await expect(section.getByRole("link", { name: /public proof/ })).toHaveAttribute(
    "href",
    `/Competitions/Competition/${drawn.id}#draw-fairness`,
  )
  await expect(drawNow).toBeHidden()
  expect(await seriousViolations(page)).toEqual([])
  expect(await noSideways(page)).toBe(false)

  // Someone else draws the other while this screen shows it undrawn: the screen says so.
  await page.goto(`/admin/draw-host/${raced.id}`)
  await expect(drawNow).toBeEnabled({ timeout: DRAW_AFTER_MS + 10_000 })
  const elsewhere = await page.request.post(`/api/Draws/draw-competition-winner/${raced.id}`, {
    headers: staff.headers,
  })
  expect(elsewhere.status(), await elsewhere.text()).toBe(200)
  await drawNow.click()
  await page
    .getByRole("dialog", { name: `Draw ${theirs} now?` })
    .getByRole("button", { name: "Draw the winner" })
    .click()
  await expect(page.getByText(/^Already drawn: this competition was drawn at/)).toBeVisible()
  await expect(page.getByRole("status")).toContainText(raced.ticket)

  // A tablet's width: everything still fits.
  await page.setViewportSize({ width: 800, height: 1100 })
  await expect(page.getByRole("heading", { name: theirs, level: 1 })).toBeVisible()
  expect(await noSideways(page)).toBe(false)
})
