import { expect } from "@playwright/test"
import { seriousViolations, test, uniqueName } from "./back-office"
import { listCompetitions } from "./support"

/**
 * The competition rules in the back office (decisions 0045 and 0061): the
 * dates of a competition on sale shown read-only with the reason, a hidden
 * one nobody holds a ticket of still open to change, and a publish the
 * instant-win share refuses shown with the server's counts.
 *
 * The refusal needs instant wins at the edge of the majority in the shared
 * demo shop, which would make other journeys' publishing fail while this one
 * runs; so here the server's 409 is played back to the real screen, and
 * competition-rules-api.test.ts proves the rule itself on a real server.
 */

const staffApi = "/api/Competitions"
const DAY = 24 * 60 * 60 * 1000
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString()

test("dates on sale are read-only, a hidden one's are not, and a refused publish says why", async ({
  page,
  staff,
}) => {
  test.setTimeout(90_000)
  const made = await page.request.post(staffApi, {
    headers: staff.headers,
    data: {
      name: uniqueName("E2E rules"),
      description: "",
      ticketPrice: 100,
      totalTickets: 50,
      maxTicketsPerCustomer: 5,
      defaultTicketSaleQuantity: 1,
      cashAlternativeValue: null,
      startDateTimeUtc: iso(-1),
      closeDateTimeUtc: iso(5),
      drawDateTimeUtc: iso(6),
      drawType: "Automatic",
    },
  })
  expect(made.status()).toBe(201)
  const { competition } = (await made.json()) as { competition: { id: string; name: string } }

  const form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Save changes" }) })

  // One the demo shop has on sale, with tickets held: its times are fixed, and say why.
  const onSale = (await listCompetitions(page.request)).find(
    (c) => c.status === 1 && c.ticketsSoldToDate > 0,
  )
  if (onSale === undefined) throw new Error("the demo shop has a competition on sale")
  await page.goto(`/admin/competitions/${onSale.id}`)
  await expect(page.getByRole("heading", { name: onSale.name, level: 1 })).toBeVisible()
  await expect(page.getByText("its opening, closing and draw times are fixed")).toBeVisible()
  for (const label of ["Opens", "Closes", "Draw"])
    await expect(form.getByLabel(label, { exact: true })).not.toBeEditable()
  expect(await seriousViolations(page)).toEqual([])

  // The new one opened a day ago but is hidden with nothing held: staff may still set it up.
  await page.goto(`/admin/competitions/${competition.id}`)
  await expect(page.getByRole("heading", { name: competition.name, level: 1 })).toBeVisible()
  await expect(page.getByText("Hidden with no tickets held")).toBeVisible()
  for (const label of ["Opens", "Closes", "Draw"])
    await expect(form.getByLabel(label, { exact: true })).toBeEditable()

  const detail =
    "Instant-win competitions cannot be more than half of the live competitions. After this change there would be 7 live instant-win competitions and 6 other live competitions. Publish another competition without instant wins first, or keep this one hidden."
  await page.route(`**${staffApi}/${competition.id}`, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 409,
          contentType: "application/problem+json",
          body: JSON.stringify({
            type: "https://howzat.example/problems/instant-win-majority",
            title: "Too many instant-win competitions",
            status: 409,
            detail,
          }),
        })
      : route.continue(),
  )
  await page.getByRole("button", { name: "Publish" }).click()
  const dialog = page.getByRole("dialog")
  await dialog.getByRole("button", { name: "Publish" }).click()
  await expect(dialog.getByText(detail)).toBeVisible()
  await page.setViewportSize({ width: 800, height: 1100 })
  await expect(dialog.getByText(detail)).toBeVisible()
})

test("staff record whether a main prize was awarded as described or as cash", async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto("/admin/winners")
  const table = page.getByRole("table", { name: "Main prize winners" })
  await expect(table).toBeVisible()
  await expect(table.getByRole("columnheader", { name: "Awarded as" })).toBeVisible()
  // A demo winner whose competition stated a cash alternative.
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("option", { name: /^Cash alternative \(£/ }) })
    .first()
  const awarded = row.getByRole("combobox", { name: /^Prize awarded as/ })
  await awarded.selectOption("CashAlternative")
  await expect(row.getByText("Saved")).toBeVisible()
  await expect(awarded).toHaveValue("CashAlternative")
  expect(await seriousViolations(page)).toEqual([])
  await page.reload()
  await expect(
    table
      .getByRole("row")
      .filter({ has: page.getByRole("option", { name: /^Cash alternative \(£/ }) })
      .first()
      .getByRole("combobox", { name: /^Prize awarded as/ }),
  ).toHaveValue("CashAlternative")
  // Left as the demo shop had it, for the next run.
  const again = table
    .getByRole("row")
    .filter({ has: page.getByRole("option", { name: /^Cash alternative \(£/ }) })
    .first()
  await again.getByRole("combobox", { name: /^Prize awarded as/ }).selectOption("")
  await expect(again.getByText("Saved")).toBeVisible()
})
