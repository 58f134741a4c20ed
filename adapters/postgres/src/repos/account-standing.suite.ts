import { randomUUID } from "node:crypto"
import { GOOD_STANDING, withClosure, withPause } from "@howzat/core/rules/standing"
import { Effect, Either } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions } from "../transactions"
import { makeAccountStandingStore, makeAgeVerificationRecords } from "./account-standing"
import type { SuiteDatabase } from "./catalogue.suite"
import { newCustomer } from "./orders-fixtures"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const at = (iso: string) => new Date(iso)

/**
 * Standing and age checks on a real database: a customer with nothing
 * stored is in good standing; a saved break reads back; the store never
 * lets a break end earlier or a closure be undone, even when asked to;
 * holding an unknown customer fails; the latest age check is the newest.
 */
export const accountStandingSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const store = () => makeAccountStandingStore(database.db)
    const ages = () => makeAgeVerificationRecords(database.db)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("reads good standing until a break is saved, then the break", async () => {
      const ann = await newCustomer(database.db)
      expect(await run(store().read(ann))).toEqual(GOOD_STANDING)
      const paused = withPause(GOOD_STANDING, "6Months", at("2026-11-25T12:00:00Z"))
      await run(store().save(ann, paused))
      expect(await run(store().read(ann))).toEqual(paused)
      expect(await run(store().read("not-a-uuid"))).toEqual(GOOD_STANDING)
    })

    it("never stores an earlier end or undoes a closure, whatever it is given", async () => {
      const ann = await newCustomer(database.db)
      const long = withPause(GOOD_STANDING, "1Year", at("2026-11-25T12:00:00Z"))
      const closed = withClosure(long, at("2026-11-26T12:00:00Z"))
      await run(store().save(ann, closed))
      await run(store().save(ann, withPause(GOOD_STANDING, "24Hours", at("2026-11-27T12:00:00Z"))))
      await run(store().save(ann, GOOD_STANDING))
      expect(await run(store().read(ann))).toEqual(closed)
      const longer = withPause(closed, "5Years", at("2026-11-28T12:00:00Z"))
      await run(store().save(ann, longer))
      expect(await run(store().read(ann))).toEqual(longer)
    })

    it("holds a customer inside a transaction; an unknown one is not found", async () => {
      const ann = await newCustomer(database.db)
      const transactions = makeTransactions(database.db)
      expect(await run(transactions.within(store().hold(ann)))).toEqual(GOOD_STANDING)
      const unknown = await run(Effect.either(store().hold(randomUUID())))
      expect(Either.isLeft(unknown) && unknown.left._tag).toBe("CustomerNotFound")
      const malformed = await run(Effect.either(store().hold("nope")))
      expect(Either.isLeft(malformed) && malformed.left._tag).toBe("CustomerNotFound")
    })

    it("keeps every age check; the latest decides", async () => {
      const ann = await newCustomer(database.db)
      expect(await run(ages().latest(ann))).toBeNull()
      const check = (outcome: "Verified" | "Refused", iso: string) => ({
        customerId: ann,
        method: "DeclaredDateOfBirth",
        outcome,
        reason: outcome === "Verified" ? "declared date of birth" : "Under 18",
        at: at(iso),
      })
      await run(ages().record(check("Refused", "2026-11-25T12:00:00Z")))
      await run(ages().record(check("Verified", "2026-11-25T13:00:00Z")))
      expect(await run(ages().latest(ann))).toEqual(check("Verified", "2026-11-25T13:00:00Z"))
      const rows = await database.db
        .selectFrom("ageVerifications")
        .select("outcome")
        .where("customerId", "=", ann)
        .execute()
      expect(rows).toHaveLength(2)
      expect(await run(ages().latest("not-a-uuid"))).toBeNull()
    })
  })
