import type { ResourceResponseJson } from "@howzat/contracts/catalogue"
import type { ClubResponseJson } from "@howzat/contracts/clubs"
import { pdfText } from "@howzat/pdf/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { openShop, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The club-perks letter and poster through the real composition: public,
 * a PDF for each club the club-perks list shows, naming its current code,
 * and a 404 problem for any other club.
 */
let shop: Shop
let staff: Browser
let anonymous: Browser

beforeAll(async () => {
  shop = await openShop(
    {},
    {
      identity: {
        shortName: "Howzat",
        fullName: "Howzat Prize Competitions",
        customerCareEmail: "help@howzat.example",
        freePostalEntryAddress: "Howzat (Free Entry), PO Box 1, Taunton TA1 9ZZ",
      },
    },
  )
  staff = (await signedInStaff(shop)).browser
  anonymous = await new Browser(shop.app).open()
})
afterAll(async () => {
  await shop?.close()
})

const create = async (name: string, voucherCode: string) =>
  (await json<ClubResponseJson>(await staff.post("/api/Clubs", { name, voucherCode }), 201)).club

const listed = async () =>
  JSON.parse(
    (await json<ResourceResponseJson>(await anonymous.get("/api/Resources/content-list-clubs")))
      .resource.value,
  ) as { id: string; name: string; voucherCode: string }[]

const pdf = async (response: Response) => {
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("application/pdf")
  const bytes = new Uint8Array(await response.arrayBuffer())
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-")
  return { bytes, disposition: response.headers.get("content-disposition") }
}

describe("a club's welcome letter and poster", () => {
  it("are PDFs anyone may download for a club on the list, naming its code", async () => {
    const club = await create("Kent CCC", "KENTPERK10")
    expect(await listed()).toContainEqual({
      id: club.id,
      name: "Kent CCC",
      voucherCode: "KENTPERK10",
    })

    const letter = await pdf(await anonymous.get(`/api/Clubs/${club.id}/welcome-letter`))
    expect(letter.disposition).toBe('inline; filename="kent-ccc-welcome-letter.pdf"')
    expect(pdfText(letter.bytes)).toContain("KENTPERK10")
    expect(pdfText(letter.bytes)).toContain("Dear friends at Kent CCC,")

    const poster = await pdf(await anonymous.get(`/api/Clubs/${club.id}/poster`))
    expect(poster.disposition).toBe('inline; filename="kent-ccc-poster.pdf"')
    const words = pdfText(poster.bytes).replace(/\n/g, " ")
    expect(words).toContain("KENTPERK10")
    expect(words).toContain("Howzat Prize Competitions")
    expect(words).toContain("Howzat (Free Entry), PO Box 1, Taunton TA1 9ZZ")
  })

  it("follow the club's current code: a recoded club's poster shows the new one", async () => {
    const club = await create("Essex CCC", "ESSEXOLD10")
    await json(
      await staff.put(`/api/Clubs/${club.id}`, { name: "Essex CCC", voucherCode: "ESSEXNEW10" }),
    )
    const words = pdfText((await pdf(await anonymous.get(`/api/Clubs/${club.id}/poster`))).bytes)
    expect(words).toContain("ESSEXNEW10")
    expect(words).not.toContain("ESSEXOLD10")
  })

  it("are 404 problems for a club that does not exist or is gone", async () => {
    await problem(
      await anonymous.get("/api/Clubs/00000000-0000-4000-8000-000000000000/welcome-letter"),
      404,
    )
    const gone = await create("Gone CCC", "GONEPERK10")
    expect((await staff.request("DELETE", `/api/Clubs/${gone.id}`)).status).toBe(204)
    await problem(await anonymous.get(`/api/Clubs/${gone.id}/poster`), 404)
  })

  it("are 404 for a club left off the list because its code no longer works", async () => {
    const club = await create("Ended CCC", "ENDEDPERK10")
    await shop.db
      .updateTable("promotions")
      .set({ validTo: new Date(Date.now() - 60_000) })
      .where("code", "=", "ENDEDPERK10")
      .execute()
    expect((await listed()).map((c) => c.id)).not.toContain(club.id)
    await problem(await anonymous.get(`/api/Clubs/${club.id}/welcome-letter`), 404)
  })

  it("answer a malformed club id with a 400 problem, not a 500", async () => {
    await problem(await anonymous.get("/api/Clubs/not-a-club/poster"), 400)
  })

  it("stay out of the staff's club calls: the club itself is still for staff only", async () => {
    const club = await create("Staff Only CCC", "STAFFONLY10")
    expect((await anonymous.get(`/api/Clubs/${club.id}`)).status).toBe(401)
  })
})
