import { expect, type Page } from "@playwright/test"
import { openDashboard, seriousViolations, test, uniqueName } from "./back-office"
import {
  listCompetitions,
  payThroughSandbox,
  placeOrderThroughApi,
  registerThroughApi,
  uniqueEmail,
} from "./support"

/**
 * Decision 0029's customer and order work, as demo Staff: credit adjusted
 * with a reason, a paid order found by filter and refunded, a customer
 * erased. Each test makes its own customers, so nothing depends on another
 * test's changes to the shared shop.
 */

const findCustomerByEmail = async (page: Page, email: string) => {
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Customers" })
    .click()
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible()
  await page.getByLabel("Email").fill(email)
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page).toHaveURL(/email=/)
  const row = page.getByRole("row").filter({ hasText: email })
  await expect(row).toHaveCount(1)
  return row
}

test("staff find the demo customer by email and adjust their site credit", async ({ page }) => {
  await openDashboard(page)
  const row = await findCustomerByEmail(page, "demo@howzat.example")
  expect(await seriousViolations(page)).toEqual([])
  await row.getByRole("link").click()
  await expect(page.getByRole("heading", { name: "Site credit" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const form = page.getByRole("form", { name: "Adjust site credit" })
  // What the form refuses itself, in the server's words.
  await form.getByRole("button", { name: "Adjust credit" }).click()
  await expect(form.getByText("Enter an amount in pounds, like 5 or 12.50.")).toBeVisible()
  await expect(form.getByText("Say why the credit is adjusted.")).toBeVisible()

  // A debit larger than any balance: the server says it would go below zero.
  await form.getByLabel("Take credit back").check()
  await form.getByLabel("Amount (£)").fill("9999")
  await form.getByLabel("Reason").fill("Checking the floor")
  await form.getByRole("button", { name: "Adjust credit" }).click()
  await page.getByRole("dialog").getByRole("button", { name: "Take credit back" }).click()
  await expect(form.getByText(/would take the balance below £0\.00/)).toBeVisible()

  const reason = uniqueName("Goodwill for a late prize")
  await form.getByLabel("Give credit").check()
  await form.getByLabel("Amount (£)").fill("1.50")
  await form.getByLabel("Reason").fill(reason)
  await form.getByRole("button", { name: "Adjust credit" }).click()
  const dialog = page.getByRole("dialog", { name: "Give site credit?" })
  await expect(dialog).toContainText("£1.50")
  await expect(dialog).toContainText(reason)
  await dialog.getByRole("button", { name: "Give credit" }).click()
  await expect(form.getByRole("status")).toContainText("Saved. The balance is now")
  const entry = page.getByRole("row").filter({ hasText: reason })
  await expect(entry).toContainText("+£1.50")
})

test("a paid order is found by filter, refunded, and shows as Refunded", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = uniqueEmail(testInfo, "refund")
  // No instant-win numbers: an order that won a prize is never refunded (decision 0029).
  const competition = (await listCompetitions(request)).find(
    (c) =>
      c.status === 1 &&
      c.instantWinGroups.length === 0 &&
      c.totalTickets - c.ticketsSoldToDate > 50 &&
      c.maxTicketsPerCustomer >= 5,
  )
  if (!competition) throw new Error("the demo shop has no open competition without instant wins")

  // The customer buys three tickets with the sandbox card, with the storefront's calls
  // (payment.spec.ts buys through its pages).
  const buyer = await registerThroughApi(request, email, { firstName: "Nat", lastName: "Sciver" })
  const order = await placeOrderThroughApi(request, buyer.headers, competition, 3)
  await payThroughSandbox(request, buyer.headers, order)

  await openDashboard(page)
  const row = await findCustomerByEmail(page, email)
  await row.getByRole("link").click()
  await page.getByRole("link", { name: /All 1 orders/ }).click()
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible()
  await expect(page.getByText("Orders of Nat Sciver")).toBeVisible()
  await page.getByLabel("Status").selectOption("Completed")
  await page.getByRole("button", { name: "Filter" }).click()
  await expect(page).toHaveURL(/status=Completed/)
  const orders = page.getByRole("table", { name: "Orders, newest first" }).getByRole("row")
  await expect(orders).toHaveCount(2) // the header and the one order
  expect(await seriousViolations(page)).toEqual([])

  await orders.nth(1).getByRole("link").first().click()
  await expect(page.getByRole("heading", { name: /^Order / })).toBeVisible()
  await expect(page.getByRole("row").filter({ hasText: competition.name })).toBeVisible()
  await expect(page.getByText("Succeeded")).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole("button", { name: "Refund order…" }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toContainText("back to the card through the payment provider")
  await dialog.getByRole("button", { name: /^Refund £/ }).click()
  await expect(page.getByRole("status").filter({ hasText: "Order refunded." })).toBeVisible()
  await expect(page.getByText("Refunded", { exact: true }).first()).toBeVisible()
  await expect(page.getByRole("button", { name: "Refund order…" })).toHaveCount(0)
  // The money summary says where the money went, and asks nobody to pay.
  const totals = page.getByRole("region", { name: "Totals" })
  await expect(totals).toContainText(/Refunded to card\s*£/)
  await expect(totals).toContainText(/Kept by the shop\s*£0\.00/)
  await expect(totals).not.toContainText("Still to pay")

  // The list's status filter finds it as Refunded now.
  await page.getByRole("link", { name: "← Orders" }).click()
  await page.getByLabel("Status").selectOption("Refunded")
  await page.getByRole("button", { name: "Filter" }).click()
  await expect(page).toHaveURL(/status=Refunded/)
  await expect(page.getByRole("cell", { name: "Nat Sciver" }).first()).toBeVisible()
})

test("staff find an order by searching as they type, and its reference opens it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const competition = (await listCompetitions(request)).find(
    (c) =>
      c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 50 && c.maxTicketsPerCustomer >= 5,
  )
  if (!competition) throw new Error("the demo shop has no open competition with room")
  // A surname no other journey's customer has (names take letters only).
  const surname = `Sciver${[...Date.now().toString(36)].map((c) => String.fromCharCode(97 + (Number.parseInt(c, 36) % 26))).join("")}`
  const email = uniqueEmail(testInfo, "search")
  const buyer = await registerThroughApi(request, email, { firstName: "Nat", lastName: surname })
  const order = await placeOrderThroughApi(request, buyer.headers, competition, 2)

  await page.goto("/admin/orders")
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible()
  const search = page.getByRole("searchbox", { name: "Search orders" })
  // Typed, not submitted: the list follows once typing pauses, and the address keeps it.
  await search.pressSequentially(`nat ${surname.toLowerCase()}`)
  await expect(page).toHaveURL(new RegExp(`q=nat(\\+|%20)${surname.toLowerCase()}`))
  const rows = page.getByRole("table", { name: "Orders, newest first" }).getByRole("row")
  await expect(rows).toHaveCount(2)
  await expect(page.getByRole("status").filter({ hasText: "1 order matches" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The address brings the search back with the box filled.
  await page.reload()
  await expect(search).toHaveValue(`nat ${surname.toLowerCase()}`)
  await expect(rows).toHaveCount(2)

  // The start of the reference, in any case, finds it too, beside a status filter.
  await page.getByLabel("Status").selectOption("AwaitingPayment")
  await page.getByRole("button", { name: "Filter" }).click()
  await expect(page).toHaveURL(/status=AwaitingPayment/)
  await expect(rows).toHaveCount(2)
  await search.fill(order.orderRef.slice(0, 7).toLowerCase())
  await search.press("Enter")
  await expect(page).toHaveURL(new RegExp(`q=(%22)?${order.orderRef.slice(0, 7).toLowerCase()}`))
  await expect(page).toHaveURL(/status=AwaitingPayment/)
  await expect(search).toHaveValue(order.orderRef.slice(0, 7).toLowerCase())
  await expect(rows.filter({ hasText: surname })).toHaveCount(1)

  // The reference is the way in.
  await rows.filter({ hasText: surname }).getByRole("link", { name: order.orderRef }).click()
  await expect(
    page.getByRole("heading", { name: `Order ${order.orderRef}`, level: 1 }),
  ).toBeVisible()
  const totals = page.getByRole("region", { name: "Totals" })
  await expect(totals).toContainText(/Still to pay by card\s*£[1-9]/)

  // Nothing found says so, and a search for nobody is not an error.
  await page.goto(`/admin/orders?q=${surname}zz`)
  await expect(page.getByText("No order matches these filters.")).toBeVisible()

  // A status chosen while the search typed just before is on its way stays chosen.
  await page.goto("/admin/orders")
  await search.fill(surname.toLowerCase())
  await page.getByLabel("Status").selectOption("Completed")
  await expect(page).toHaveURL(new RegExp(`q=(%22)?${surname.toLowerCase()}`))
  await expect(page.getByText(/orders? match/)).toContainText(surname.toLowerCase())
  await expect(page.getByLabel("Status")).toHaveValue("Completed")
})

test("an unpaid order is cancelled by staff and its tickets go back on sale", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = uniqueEmail(testInfo, "cancel")
  const competition = (await listCompetitions(request)).find(
    (c) =>
      c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 50 && c.maxTicketsPerCustomer >= 5,
  )
  if (!competition) throw new Error("the demo shop has no open competition with room")

  // The customer checks out and leaves before paying: the order awaits payment.
  const buyer = await registerThroughApi(request, email, { firstName: "Nat", lastName: "Brunt" })
  await placeOrderThroughApi(request, buyer.headers, competition, 3)

  await openDashboard(page)
  const row = await findCustomerByEmail(page, email)
  await row.getByRole("link").click()
  await page.getByRole("link", { name: /All 1 orders/ }).click()
  await page.getByLabel("Status").selectOption("AwaitingPayment")
  await page.getByRole("button", { name: "Filter" }).click()
  await expect(page).toHaveURL(/status=AwaitingPayment/)
  const orders = page.getByRole("table", { name: "Orders, newest first" }).getByRole("row")
  await expect(orders).toHaveCount(2)
  await orders.nth(1).getByRole("link").first().click()

  await page.getByRole("button", { name: "Cancel order…" }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toContainText("tickets go back on sale")
  await dialog.getByRole("button", { name: "Cancel order" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Order cancelled." })).toBeVisible()
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible()
  await expect(page.getByRole("button", { name: "Cancel order…" })).toHaveCount(0)
})

test("a throwaway customer is erased, with what goes and what stays said first", async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "erase")
  await registerThroughApi(request, email, { firstName: "Kate", lastName: "Cross" })
  await openDashboard(page)
  const row = await findCustomerByEmail(page, email)
  await row.getByRole("link").click()
  await expect(page.getByRole("heading", { name: "Kate Cross", level: 1 })).toBeVisible()

  // An edit the server refuses keeps what was typed and says why beside the field.
  const details = page.getByRole("region", { name: "Details" })
  await details.getByLabel("Phone number").fill("07700 900999")
  await details.getByLabel("Town or city").first().fill("Manchester")
  await details.getByRole("button", { name: "Save details" }).click()
  // Half an address is no address: the server names the lines it needs.
  await expect(details.getByText("A valid UK post code is required.")).toBeVisible()
  await details.getByLabel("Address line 1").first().fill("1 Old Trafford")
  await details.getByLabel("Postcode").first().fill("M16 0PX")
  await details.getByLabel("Date of birth").fill("2020-01-01")
  await details.getByRole("button", { name: "Save details" }).click()
  await expect(details.getByText("You must be 18 or over to use this site.")).toBeVisible()
  await expect(details.getByLabel("Phone number")).toHaveValue("07700 900999")
  await details.getByLabel("Date of birth").fill("1990-02-02")
  await details.getByRole("button", { name: "Save details" }).click()
  await expect(details.getByRole("status")).toHaveText("Saved")
  await page.reload()
  await expect(page.getByText("07700 900999").first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole("button", { name: "Erase personal data…" }).click()
  const dialog = page.getByRole("dialog", { name: "Erase Kate Cross's personal data?" })
  await expect(dialog).toContainText("Removed:")
  await expect(dialog).toContainText("Kept:")
  await expect(dialog).toContainText("This cannot be undone.")
  // Cancelling changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click()
  await expect(page.getByRole("heading", { name: "Kate Cross", level: 1 })).toBeVisible()

  await page.getByRole("button", { name: "Erase personal data…" }).click()
  await dialog.getByRole("button", { name: "Erase personal data" }).click()
  await expect(page.getByRole("heading", { name: "Erased Customer", level: 1 })).toBeVisible()
  await expect(page.getByText("Erased", { exact: true })).toBeVisible()
  await expect(page.getByText(email)).toHaveCount(0)
  await expect(page.getByRole("form", { name: "Adjust site credit" })).toHaveCount(0)
})

test("customers and orders work at tablet width", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1100 })
  await page.goto("/admin/orders")
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible()
  await expect(page.getByRole("button", { name: "Filter" })).toBeVisible()
  // The page itself never scrolls sideways; wide tables scroll inside their card.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await page.goto("/admin/customers?email=demo%40howzat.example")
  await expect(page.getByRole("row").filter({ hasText: "demo@howzat.example" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
