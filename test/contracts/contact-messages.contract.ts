import { randomUUID } from "node:crypto"
import {
  type ContactMessage,
  ContactMessageStore,
  type ContactMessageStoreShape,
  Transactions,
} from "@howzat/core/ports"
import type { ContactForm } from "@howzat/core/rules"
import { Effect, Either, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** A ContactMessageStore to test, with the Transactions its writes join, and a way to start empty. */
export interface ContactMessagesWorld {
  readonly layer: Layer.Layer<ContactMessageStore | Transactions>
  readonly removeAll: () => Promise<void>
  readonly close: () => Promise<void>
}

const form = (message: string, overrides: Partial<ContactForm> = {}): ContactForm => ({
  firstName: "Ann",
  lastName: "Smith",
  email: "ann@example.com",
  telephoneNumber: "07700 900123",
  message,
  ...overrides,
})

/**
 * The ContactMessageStore port's contract, run on the in-memory adapter and
 * on PGlite and PostgreSQL: stored as typed, listed newest first with the
 * unhandled filter and paging, marked handled and back, and the columns'
 * limits.
 */
export const contactMessagesContract = (name: string, open: () => Promise<ContactMessagesWorld>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: ContactMessagesWorld
    const run = <A, E>(
      use: (store: ContactMessageStoreShape) => Effect.Effect<A, E, Transactions>,
    ) =>
      Effect.runPromise(Effect.flatMap(ContactMessageStore, use).pipe(Effect.provide(world.layer)))

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("stores a message as typed, line breaks and all, waiting to be handled", async () => {
      const at = new Date("2026-11-25T09:00:00Z")
      const made = await run((store) => store.insert(form("Line one\nLine two — £5 ✓"), at))
      expect(made).toMatchObject({
        ...form("Line one\nLine two — £5 ✓"),
        createdAt: at,
        handledAt: null,
        handledBy: null,
      })
      expect(await run((store) => store.held(made.id))).toEqual(made)
    })

    it("lists newest first, only the waiting ones when asked, a page at a time", async () => {
      await world.removeAll()
      const base = Date.parse("2026-11-25T10:00:00Z")
      const made: ContactMessage[] = []
      for (let i = 0; i < 5; i++) {
        made.push(await run((store) => store.insert(form(`m${i}`), new Date(base + i * 60_000))))
      }
      const staffId = randomUUID()
      const handled = { at: new Date(base + 600_000), by: staffId }
      await run((store) => store.setHandled(made[3]?.id ?? "", handled))
      const page = (unhandledOnly: boolean, pageNumber: number, pageSize: number) =>
        run((store) => store.list({ unhandledOnly, page: { pageNumber, pageSize } }))

      const all = await page(false, 1, 3)
      expect(all).toMatchObject({ pageNumber: 1, pageSize: 3, totalCount: 5 })
      expect(all.items.map((m) => m.message)).toEqual(["m4", "m3", "m2"])
      expect(all.items[1]).toMatchObject({ handledAt: handled.at, handledBy: staffId })
      expect((await page(false, 2, 3)).items.map((m) => m.message)).toEqual(["m1", "m0"])
      const waiting = await page(true, 1, 10)
      expect(waiting.items.map((m) => m.message)).toEqual(["m4", "m2", "m1", "m0"])
      expect(waiting.totalCount).toBe(4)
    })

    it("marks handled and back inside a transaction, holding the row", async () => {
      const made = await run((store) => store.insert(form("hold me"), new Date()))
      const staffId = randomUUID()
      const at = new Date("2026-11-25T11:00:00Z")
      const after = await run((store) =>
        Effect.flatMap(Transactions, (transactions) =>
          transactions.within(
            Effect.gen(function* () {
              const held = yield* store.held(made.id)
              expect(held?.handledAt).toBeNull()
              return yield* store.setHandled(made.id, { at, by: staffId })
            }),
          ),
        ),
      )
      expect(after).toEqual({ ...made, handledAt: at, handledBy: staffId })
      expect(await run((store) => store.held(made.id))).toEqual(after)
      const reopened = await run((store) => store.setHandled(made.id, null))
      expect(reopened).toEqual(made)
    })

    it("finds nothing for an id that isn't one, or isn't there, and marks nothing", async () => {
      expect(await run((store) => store.held("not-a-uuid"))).toBeNull()
      expect(await run((store) => store.held(randomUUID()))).toBeNull()
      const marked = await run((store) =>
        Effect.either(store.setHandled(randomUUID(), { at: new Date(), by: randomUUID() })),
      )
      expect(Either.isLeft(marked)).toBe(true)
    })

    it("refuses what the columns cannot hold", async () => {
      for (const tooMuch of [
        form("x".repeat(5001)),
        form("fine", { firstName: "A".repeat(256) }),
        form("fine", { telephoneNumber: "0".repeat(21) }),
      ]) {
        const refused = await run((store) => Effect.either(store.insert(tooMuch, new Date())))
        expect(Either.isLeft(refused) && refused.left._tag).toBe("RepositoryError")
      }
      const longest = await run((store) => store.insert(form("x".repeat(5000)), new Date()))
      expect(longest.message).toHaveLength(5000)
    })
  })
