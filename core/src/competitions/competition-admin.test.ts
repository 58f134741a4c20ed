import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Either, Layer } from "effect"
import fc from "fast-check"
import type { Principal } from "../accounts/model.js"
import type { CompetitionDraft } from "../rules/competition-admin.js"
import { pickMessages } from "../rules/picked-numbers.js"
import { DRAW_NOTICE_MS } from "../rules/sold-out-early.js"
import { CatalogueAdmin } from "./catalogue-admin.js"
import { type MemoryCatalogue, memoryCatalogueAdmin } from "./catalogue-admin-doubles.js"
import { CompetitionAdmin } from "./competition-admin.js"
import { WebCryptoRandom } from "./instant-win-group-doubles.js"

const NOW = new Date("2026-06-01T12:00:00.000Z")
const DAY = 24 * 60 * 60 * 1000
const at = (days: number) => new Date(NOW.getTime() + days * DAY)

const staff: Principal = {
  userId: "staff",
  role: "Staff",
  customerId: null,
  email: "sam@howzat.example",
  name: "Sam Staff",
}
const customer: Principal = {
  userId: "customer",
  role: "Customer",
  customerId: "c1",
  email: "ann@example.com",
  name: "Ann",
}

const draft = (overrides: Partial<CompetitionDraft> = {}): CompetitionDraft => ({
  name: "Signed Ashes Bat",
  description: "<p>A bat</p>",
  ticketPrice: 250,
  totalTickets: 100,
  maxTicketsPerCustomer: 10,
  defaultTicketSaleQuantity: 1,
  cashAlternativeValue: null,
  startDateTimeUtc: at(1),
  closeDateTimeUtc: at(10),
  drawDateTimeUtc: at(11),
  drawType: "Automatic",
  drawOnSellOut: false,
  visibilityStatus: "Hidden",
  categoryIds: [],
  attributes: [],
  imageGroupId: null,
  ...overrides,
})

const stoppedAt = (instant: Date): Clock.Clock => ({
  [Clock.ClockTypeId]: Clock.ClockTypeId,
  unsafeCurrentTimeMillis: () => instant.getTime(),
  unsafeCurrentTimeNanos: () => BigInt(instant.getTime()) * 1_000_000n,
  currentTimeMillis: Effect.sync(() => instant.getTime()),
  currentTimeNanos: Effect.sync(() => BigInt(instant.getTime()) * 1_000_000n),
  sleep: () => Effect.void,
})

const shop = () => {
  const memory: MemoryCatalogue = {
    competitions: [],
    categories: [],
    attributeTypes: [],
    imageGroupIds: [],
    audit: [],
  }
  const layer = Layer.mergeAll(CompetitionAdmin.Default, CatalogueAdmin.Default).pipe(
    Layer.provide(Layer.merge(memoryCatalogueAdmin(memory), WebCryptoRandom)),
  )
  const run = <A, E>(
    use: (admin: CompetitionAdmin, catalogue: CatalogueAdmin) => Effect.Effect<A, E, never>,
    instant = NOW,
  ) =>
    Effect.runSync(
      Effect.either(
        Effect.flatMap(Effect.zip(CompetitionAdmin, CatalogueAdmin), ([admin, catalogue]) =>
          use(admin, catalogue),
        ).pipe(Effect.withClock(stoppedAt(instant)), Effect.provide(layer)),
      ),
    )
  const created = (overrides: Partial<CompetitionDraft> = {}) => {
    const result = run((admin) => admin.create(draft(overrides), staff))
    if (Either.isLeft(result)) throw new Error(`not created: ${String(result.left)}`)
    return result.right.id
  }
  return { memory, run, created }
}

const tagOf = <A, E>(result: Either.Either<A, E>) =>
  Either.isLeft(result) ? (result.left as { _tag: string })._tag : "Right"

describe("CompetitionAdmin", () => {
  it("lets staff create, and records who did it with nothing before", () => {
    const { memory, created } = shop()
    const id = created({ name: "  Signed Ashes Bat " })
    expect(memory.competitions.map((c) => c.name)).toEqual(["Signed Ashes Bat"])
    expect(memory.audit).toEqual([
      expect.objectContaining({
        actor: { userId: "staff", role: "Staff" },
        action: "Competition.Create",
        subject: { type: "Competition", id },
        before: null,
        after: expect.objectContaining({ name: "Signed Ashes Bat", totalTickets: 100 }),
        at: NOW,
      }),
    ])
  })

  it("refuses a customer in core, whatever the edge does, and writes nothing", () => {
    const { memory, run, created } = shop()
    const id = created()
    const tags = [
      tagOf(run((admin) => admin.create(draft(), customer))),
      tagOf(run((admin) => admin.update(id, draft({ name: "Mine" }), customer))),
      tagOf(run((admin) => admin.remove(id, customer))),
      tagOf(
        run((admin) =>
          admin.duplicate(
            id,
            { startDateTimeUtc: at(2), closeDateTimeUtc: at(3), drawDateTimeUtc: null },
            customer,
          ),
        ),
      ),
      tagOf(
        run((_, catalogue) =>
          catalogue.createCategory(
            { name: "Bats", description: "", visibilityStatus: "Visible" },
            customer,
          ),
        ),
      ),
      tagOf(
        run((_, catalogue) => catalogue.createAttributeType({ description: "Colour" }, customer)),
      ),
    ]
    expect(tags).toEqual(Array(6).fill("NotStaff"))
    expect(memory.competitions).toHaveLength(1)
    expect(memory.categories).toEqual([])
    expect(memory.audit).toHaveLength(1)
  })

  it("names a missing category or attribute type as a field error", () => {
    const { run } = shop()
    const result = run((admin) =>
      admin.create(
        draft({
          categoryIds: ["00000000-0000-4000-8000-000000000001"],
          attributes: [{ attributeTypeId: "00000000-0000-4000-8000-000000000002", value: "x" }],
        }),
        staff,
      ),
    )
    expect(tagOf(result)).toBe("CompetitionInvalid")
    expect(
      Either.isLeft(result) && Object.keys((result.left as { errors: object }).errors),
    ).toEqual(["categoryIds", "attributes"])
  })

  it("leaves a refused change and its audit entry undone", () => {
    const { memory, run, created } = shop()
    const id = created({ startDateTimeUtc: at(-1), visibilityStatus: "Visible" })
    const result = run((admin) =>
      admin.update(
        id,
        draft({ startDateTimeUtc: at(-1), closeDateTimeUtc: at(9), visibilityStatus: "Visible" }),
        staff,
      ),
    )
    expect(tagOf(result)).toBe("CompetitionChangeRefused")
    expect(memory.competitions[0]?.closeDateTimeUtc).toEqual(at(10))
    expect(memory.audit.map((e) => e.action)).toEqual(["Competition.Create"])
  })

  it("whatever staff ask, the total never falls below the tickets sold, and each change is audited once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 6 }),
        (sold, live, totals) => {
          const { memory, run, created } = shop()
          const start = live ? at(-1) : at(1)
          const id = created({ startDateTimeUtc: start, maxTicketsPerCustomer: 1 })
          const stored = memory.competitions[0]
          if (stored === undefined) throw new Error("not stored")
          memory.competitions[0] = { ...stored, ticketsSold: live ? sold : 0 }
          let changes = 0
          for (const total of totals) {
            const result = run((admin) =>
              admin.update(
                id,
                draft({ startDateTimeUtc: start, totalTickets: total, maxTicketsPerCustomer: 1 }),
                staff,
              ),
            )
            if (Either.isRight(result)) changes += 1
            const now = memory.competitions[0]
            expect(now?.totalTickets).toBeGreaterThanOrEqual(now?.ticketsSold ?? 0)
          }
          expect(memory.audit.filter((e) => e.action === "Competition.Update")).toHaveLength(
            changes,
          )
        },
      ),
      { numRuns: 50 },
    )
  })

  it("deletes only what nobody entered", () => {
    const { memory, run, created } = shop()
    const sold = created()
    const untouched = created()
    memory.competitions = memory.competitions.map((c) =>
      c.id === sold ? { ...c, ticketsSold: 1 } : c,
    )
    expect(tagOf(run((admin) => admin.remove(sold, staff)))).toBe("CompetitionDeletionRefused")
    expect(tagOf(run((admin) => admin.remove(untouched, staff)))).toBe("Right")
    expect(memory.competitions.map((c) => c.id)).toEqual([sold])
    expect(memory.audit.at(-1)).toMatchObject({ action: "Competition.Delete", after: null })
  })

  it("duplicates as a hidden copy with the original's instant-win groups", () => {
    const { memory, run, created } = shop()
    const id = created({ visibilityStatus: "Visible" })
    const original = memory.competitions[0]
    if (original === undefined) throw new Error("not stored")
    memory.competitions[0] = {
      ...original,
      ticketsSold: 40,
      instantWinGroups: [{ name: "£5", ticketCount: 3, imageUrls: [], prizeSiteCredit: undefined }],
    }
    const result = run((admin) =>
      admin.duplicate(
        id,
        { startDateTimeUtc: at(20), closeDateTimeUtc: at(30), drawDateTimeUtc: at(31) },
        staff,
      ),
    )
    expect(tagOf(result)).toBe("Right")
    const copy = memory.competitions[1]
    expect(copy).toMatchObject({
      visibilityStatus: "Hidden",
      ticketsSold: 0,
      closeDateTimeUtc: at(30),
    })
    expect(copy?.instantWinGroups).toEqual([
      expect.objectContaining({ name: "£5", ticketCount: 3 }),
    ])
  })
})

describe("CompetitionAdmin's pick-your-numbers switch", () => {
  it("switches it on, and keeps it through an edit", () => {
    const { memory, run, created } = shop()
    const id = created({ pickYourNumbers: true })
    expect(memory.competitions[0]?.pickYourNumbers).toBe(true)
    expect(tagOf(run((admin) => admin.update(id, draft({ pickYourNumbers: true }), staff)))).toBe(
      "Right",
    )
    expect(memory.audit.at(-1)?.after).toMatchObject({ pickYourNumbers: true })
  })

  it("refuses it on a competition with instant wins, naming the field", () => {
    const { memory, run, created } = shop()
    const id = created()
    const original = memory.competitions[0]
    if (original === undefined) throw new Error("not stored")
    memory.competitions[0] = {
      ...original,
      instantWinGroups: [{ name: "£5", ticketCount: 3, imageUrls: [], prizeSiteCredit: undefined }],
    }
    const result = run((admin) => admin.update(id, draft({ pickYourNumbers: true }), staff))
    expect(tagOf(result)).toBe("CompetitionInvalid")
    expect(Either.isLeft(result) && (result.left as { errors: object }).errors).toEqual({
      pickYourNumbers: pickMessages.switchRefusedInstantWins,
    })
    expect(memory.competitions[0]?.pickYourNumbers).not.toBe(true)
    // Off, the same competition saves as before.
    expect(tagOf(run((admin) => admin.update(id, draft({ name: "Still fine" }), staff)))).toBe(
      "Right",
    )
  })
})

describe("CatalogueAdmin", () => {
  it("refuses to delete an attribute type a competition uses", () => {
    const { memory, run, created } = shop()
    const made = run((_, catalogue) =>
      catalogue.createAttributeType({ description: "Colour" }, staff),
    )
    if (Either.isLeft(made)) throw new Error("not created")
    const typeId = made.right.id
    created({ attributes: [{ attributeTypeId: typeId, value: "Red" }] })
    expect(tagOf(run((_, catalogue) => catalogue.removeAttributeType(typeId, staff)))).toBe(
      "AttributeTypeInUse",
    )
    expect(memory.attributeTypes).toHaveLength(1)
    expect(
      tagOf(
        run((_, catalogue) => catalogue.createAttributeType({ description: " colour" }, staff)),
      ),
    ).toBe("AttributeTypeInvalid")
  })

  it("refuses a second category that reads like another, on create and on rename", () => {
    const { memory, run } = shop()
    const create = (name: string) =>
      run((_, catalogue) =>
        catalogue.createCategory({ name, description: "", visibilityStatus: "Visible" }, staff),
      )
    const golf = create("Golf")
    const cash = create("Cash")
    if (Either.isLeft(golf) || Either.isLeft(cash)) throw new Error("not created")
    for (const twin of ["Golf", "golf", "  GOLF  "]) {
      const refused = create(twin)
      expect(Either.isLeft(refused) && refused.left).toMatchObject({
        _tag: "CategoryNameTaken",
        name: "Golf",
      })
    }
    const rename = (id: string, name: string) =>
      run((_, catalogue) =>
        catalogue.updateCategory(id, { name, description: "", visibilityStatus: "Visible" }, staff),
      )
    const renamed = rename(cash.right.id, " golf")
    expect(Either.isLeft(renamed) && renamed.left._tag).toBe("CategoryNameTaken")
    // A category may change its own name's case.
    expect(Either.isRight(rename(golf.right.id, "GOLF"))).toBe(true)
    expect(memory.categories.map((c) => c.name)).toEqual(["GOLF", "Cash"])
    // Nothing refused was written or audited.
    expect(memory.audit.map((e) => e.action)).toEqual([
      "Category.Create",
      "Category.Create",
      "Category.Update",
    ])
  })

  it("refuses a category name exactly when another reads the same, whatever the case or spaces", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,8}$/), {
          minLength: 1,
          maxLength: 6,
          selector: (name) => name.trim().toLowerCase(),
        }),
        fc.nat(),
        fc.constantFrom("", " ", "  "),
        fc.boolean(),
        (names, pick, pad, shout) => {
          const { run } = shop()
          for (const name of names)
            run((_, catalogue) =>
              catalogue.createCategory(
                { name, description: "", visibilityStatus: "Visible" },
                staff,
              ),
            )
          const existing = names[pick % names.length] ?? ""
          const twin = `${pad}${shout ? existing.toUpperCase() : existing.toLowerCase()}${pad}`
          const refused = run((_, catalogue) =>
            catalogue.createCategory(
              { name: twin, description: "", visibilityStatus: "Visible" },
              staff,
            ),
          )
          expect(Either.isLeft(refused) && refused.left._tag).toBe("CategoryNameTaken")
          const fresh = run((_, catalogue) =>
            catalogue.createCategory(
              { name: `${existing} Extra`, description: "", visibilityStatus: "Visible" },
              staff,
            ),
          )
          const clashes = names.some(
            (n) => n.trim().toLowerCase() === `${existing} Extra`.trim().toLowerCase(),
          )
          expect(Either.isRight(fresh)).toBe(!clashes)
        },
      ),
      { numRuns: 30 },
    )
  })

  it("audits a category's life", () => {
    const { memory, run } = shop()
    const made = run((_, catalogue) =>
      catalogue.createCategory(
        { name: " Bats ", description: "", visibilityStatus: "Hidden" },
        staff,
      ),
    )
    if (Either.isLeft(made)) throw new Error("not created")
    expect(made.right.name).toBe("Bats")
    run((_, catalogue) => catalogue.removeCategory(made.right.id, staff))
    expect(memory.audit.map((e) => [e.action, e.before === null, e.after === null])).toEqual([
      ["Category.Create", true, false],
      ["Category.Delete", false, true],
    ])
  })
})

describe("a sold-out competition's draw", () => {
  const HOUR = 60 * 60 * 1000
  /** Started yesterday, published, every ticket sold: as a checkout would leave it. */
  const soldOut = (overrides: Partial<CompetitionDraft> = {}) => {
    const made = shop()
    const id = made.created({ startDateTimeUtc: at(1), ...overrides })
    made.memory.competitions = made.memory.competitions.map((c) =>
      c.id === id
        ? {
            ...c,
            startDateTimeUtc: at(-1),
            visibilityStatus: "Visible",
            ticketsSold: c.totalTickets,
          }
        : c,
    )
    return { ...made, id }
  }

  it("is brought forward by staff with a day's notice: the close moves to now, the page says so", () => {
    const { memory, run, id } = soldOut({ drawType: "Live" })
    const result = run((admin) => admin.bringDrawForward(id, at(2), staff))
    expect(Either.isRight(result)).toBe(true)
    expect(memory.competitions[0]).toMatchObject({
      closeDateTimeUtc: NOW,
      drawDateTimeUtc: at(2),
      drawBroughtForward: { from: at(11), at: NOW },
    })
    expect(memory.audit.at(-1)).toMatchObject({
      action: "Competition.BringDrawForward",
      subject: { type: "Competition", id },
      before: { closeDateTimeUtc: at(10).toISOString(), drawDateTimeUtc: at(11).toISOString() },
      after: { drawDateTimeUtc: at(2).toISOString(), broughtForwardFrom: at(11).toISOString() },
    })
  })

  it("refuses too little notice, a later time, a competition not sold out, and a customer", () => {
    const { memory, run, id } = soldOut({ drawType: "Live" })
    const tooSoon = run((admin) =>
      admin.bringDrawForward(id, new Date(NOW.getTime() + DRAW_NOTICE_MS - HOUR), staff),
    )
    expect(Either.isLeft(tooSoon) && tooSoon.left).toMatchObject({
      _tag: "CompetitionInvalid",
      errors: { drawDateTimeUtc: expect.stringMatching(/at least 24 hours/) },
    })
    const later = run((admin) => admin.bringDrawForward(id, at(12), staff))
    expect(tagOf(later)).toBe("CompetitionInvalid")
    expect(tagOf(run((admin) => admin.bringDrawForward(id, at(2), customer)))).toBe("NotStaff")
    memory.competitions = memory.competitions.map((c) => ({ ...c, ticketsSold: 99 }))
    const notSoldOut = run((admin) => admin.bringDrawForward(id, at(2), staff))
    expect(Either.isLeft(notSoldOut) && notSoldOut.left).toMatchObject({
      _tag: "DrawForwardRefused",
      refusal: { reason: "NotSoldOut", sold: 99, total: 100 },
    })
    memory.competitions = memory.competitions.map((c) => ({
      ...c,
      ticketsSold: 100,
      openOrders: 1,
    }))
    const unpaid = run((admin) => admin.bringDrawForward(id, at(2), staff))
    expect(Either.isLeft(unpaid) && unpaid.left).toMatchObject({
      refusal: { reason: "OrdersAwaitingPayment", count: 1 },
    })
    expect(memory.competitions[0]?.drawDateTimeUtc).toEqual(at(11))
    expect(memory.audit.map((a) => a.action)).toEqual(["Competition.Create"])
  })

  it("is closed and made due by the scheduler once an automatic draw-on-sell-out competition is sold and paid", () => {
    const { memory, run, id } = soldOut({ drawOnSellOut: true })
    memory.competitions = memory.competitions.map((c) => ({ ...c, openOrders: 1 }))
    expect(run((admin) => admin.closeSoldOut)).toEqual(Either.right([]))
    memory.competitions = memory.competitions.map((c) => ({ ...c, openOrders: 0 }))
    expect(run((admin) => admin.closeSoldOut)).toEqual(Either.right([id]))
    expect(memory.competitions[0]).toMatchObject({
      closeDateTimeUtc: NOW,
      drawDateTimeUtc: NOW,
      drawBroughtForward: { from: at(11), at: NOW },
    })
    // A second pass (or process) finds nothing more to close.
    expect(run((admin) => admin.closeSoldOut, new Date(NOW.getTime() + HOUR))).toEqual(
      Either.right([]),
    )
  })
})
