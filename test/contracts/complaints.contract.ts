import { randomUUID } from "node:crypto"
import {
  type Complaint,
  ComplaintStore,
  type ComplaintStoreShape,
  type NewComplaint,
  Transactions,
} from "@howzat/core/ports"
import { Effect, Either, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** A ComplaintStore to test, with the Transactions its writes join, and a way to start empty. */
export interface ComplaintsWorld {
  readonly layer: Layer.Layer<ComplaintStore | Transactions>
  readonly removeAll: () => Promise<void>
  /** An order of a new customer who signs in with `email`, in `status`; its reference and customer. */
  readonly addOrder: (
    email: string,
    status: "Pending" | "Completed" | "Cancelled",
  ) => Promise<{ readonly reference: string; readonly customerId: string }>
  readonly close: () => Promise<void>
}

let counter = 0
export const newComplaint = (overrides: Partial<NewComplaint> = {}): NewComplaint => {
  counter += 1
  return {
    form: {
      name: "Ann Smith",
      email: "ann@example.com",
      orderNumber: "",
      category: "Account",
      description: `Complaint ${counter}\nsecond line — £5`,
    },
    reference: `HZC-2026-${String(counter).padStart(6, "0")}`,
    source: "Form",
    customerId: null,
    at: new Date(Date.parse("2026-11-25T10:00:00Z") + counter * 60_000),
    loggedBy: null,
    ...overrides,
  }
}

/**
 * The ComplaintStore port's contract (decision 0044), run on the in-memory
 * adapter and on PGlite and PostgreSQL: stored with their first step, a
 * taken reference answered with null (not a failed transaction), steps
 * appended with the status the last step's, the list's order and filter,
 * and an order reference's customer and sign-in email for the order rule.
 */
export const complaintsContract = (name: string, open: () => Promise<ComplaintsWorld>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: ComplaintsWorld
    const run = <A, E>(use: (store: ComplaintStoreShape) => Effect.Effect<A, E, Transactions>) =>
      Effect.runPromise(Effect.flatMap(ComplaintStore, use).pipe(Effect.provide(world.layer)))
    const within = <A, E>(use: (store: ComplaintStoreShape) => Effect.Effect<A, E>) =>
      run((store) => Effect.flatMap(Transactions, (t) => t.within(use(store))))

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("stores a complaint as typed, Received, with its first step", async () => {
      const staff = randomUUID()
      const sent = newComplaint({ source: "Email", loggedBy: staff })
      const made = await run((store) => store.insert(sent))
      expect(made).toMatchObject({
        ...sent.form,
        reference: sent.reference,
        status: "Received",
        source: "Email",
        customerId: null,
        receivedAt: sent.at,
        updatedAt: sent.at,
      })
      expect(made?.history).toEqual([{ at: sent.at, status: "Received", note: null, by: staff }])
      expect(await run((store) => store.byId(made?.id ?? ""))).toEqual(made)
      expect(await run((store) => store.held(made?.id ?? ""))).toEqual(made)
    })

    it("answers a taken reference with null and the transaction carries on", async () => {
      const first = newComplaint()
      await run((store) => store.insert(first))
      const result = await within((store) =>
        Effect.gen(function* () {
          const clash = yield* store.insert(newComplaint({ reference: first.reference }))
          const next = yield* store.insert(newComplaint())
          return { clash, next }
        }),
      )
      expect(result.clash).toBeNull()
      expect(result.next?.reference).toMatch(/^HZC-2026-/)
      expect(await run((store) => store.byId(result.next?.id ?? ""))).toEqual(result.next)
    })

    it("refuses a reference not of the shape the rules draw", async () => {
      const bad = await run((store) =>
        Effect.either(store.insert(newComplaint({ reference: "HZC-1" }))),
      )
      expect(Either.isLeft(bad) && bad.left._tag).toBe("RepositoryError")
    })

    it("adds steps under the lock; the status is the last step's", async () => {
      const made = await run((store) => store.insert(newComplaint()))
      const id = made?.id ?? ""
      const staff = randomUUID()
      const at = new Date("2026-11-26T09:00:00Z")
      const later = new Date(at.getTime() + 1000)
      const after = await within((store) =>
        Effect.gen(function* () {
          const held = yield* store.held(id)
          expect(held?.status).toBe("Received")
          yield* store.addStep(id, { at, status: "InProgress", note: "On it", by: staff })
          return yield* store.addStep(id, {
            at: later,
            status: "Resolved",
            note: "Done",
            by: staff,
          })
        }),
      )
      expect(after).toMatchObject({ id, status: "Resolved", updatedAt: later })
      expect(after.history.slice(1)).toEqual([
        { at, status: "InProgress", note: "On it", by: staff },
        { at: later, status: "Resolved", note: "Done", by: staff },
      ])
      expect(await run((store) => store.byId(id))).toEqual(after)
    })

    it("lists newest first, by status, a page at a time, without history", async () => {
      await world.removeAll()
      const made: (Complaint | null)[] = []
      for (let i = 0; i < 4; i++) made.push(await run((store) => store.insert(newComplaint())))
      const step = { at: new Date(), status: "Resolved" as const, note: "x", by: null }
      await run((store) => store.addStep(made[1]?.id ?? "", step))
      const first = await run((store) => store.list({ page: { pageNumber: 1, pageSize: 2 } }))
      expect(first).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 4 })
      expect(first.items.map((c) => c.id)).toEqual([made[3]?.id, made[2]?.id])
      expect(first.items.every((c) => c.history.length === 0)).toBe(true)
      const second = await run((store) => store.list({ page: { pageNumber: 2, pageSize: 2 } }))
      expect(second.items.map((c) => [c.id, c.status])).toEqual([
        [made[1]?.id, "Resolved"],
        [made[0]?.id, "Received"],
      ])
      const received = await run((store) =>
        store.list({ status: "Received", page: { pageNumber: 1, pageSize: 10 } }),
      )
      expect(received.totalCount).toBe(3)
      expect(received.items.map((c) => c.id)).toEqual([made[3]?.id, made[2]?.id, made[0]?.id])
    })

    it("names an order's customer and their sign-in email as stored, whatever its status", async () => {
      const paid = await world.addOrder(`Cara.Owner-${randomUUID()}@Example.com`, "Completed")
      const cancelled = await world.addOrder(`dan-${randomUUID()}@example.com`, "Cancelled")
      const paidOwner = await run((store) => store.orderOwner(paid.reference))
      expect(paidOwner?.customerId).toBe(paid.customerId)
      expect(paidOwner?.email).toMatch(/^Cara\.Owner-.*@Example\.com$/)
      expect(await run((store) => store.orderOwner(cancelled.reference))).toMatchObject({
        customerId: cancelled.customerId,
      })
    })

    it("names no one for a reference no order has, or one not as made", async () => {
      const order = await world.addOrder(`fay-${randomUUID()}@example.com`, "Pending")
      expect(await run((store) => store.orderOwner("ZZZZZZZZZZ"))).toBeNull()
      expect(await run((store) => store.orderOwner(""))).toBeNull()
      // References are upper-case hex; about one in a hundred has no letter to lower.
      const lowered = order.reference.toLowerCase()
      if (lowered !== order.reference)
        expect(await run((store) => store.orderOwner(lowered))).toBeNull()
      expect(await run((store) => store.orderOwner(` ${order.reference}`))).toBeNull()
      expect(await run((store) => store.orderOwner(`${order.reference}X`))).toBeNull()
    })

    it("finds nothing for an id that isn't one, or isn't there", async () => {
      expect(await run((store) => store.byId("not-a-uuid"))).toBeNull()
      expect(await run((store) => store.held(randomUUID()))).toBeNull()
      expect(await run((store) => store.byId(randomUUID()))).toBeNull()
    })
  })
