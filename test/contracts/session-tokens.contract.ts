import type { Role } from "@howzat/core/accounts"
import { OneTimeTokenRepo, RefreshTokenRepo } from "@howzat/core/ports"
import { Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { memoryId, type OpenHarness, useHarness } from "./harness"

/** Users the tokens belong to. */
export interface SessionTokenSeed {
  readonly user: (role?: Role) => Promise<string>
  /** Their role changed, as an Admin changes a member of staff's. */
  readonly changeRole: (userId: string, role: Role) => Promise<void>
}

const NOW = new Date("2026-06-15T12:00:00.000Z")
const MINUTE = 60_000
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)

/**
 * Sessions' and recovery's tokens (refresh tokens in families, the
 * one-time links): a refresh token is spent once and names its family when
 * replayed; a one-time token works once, for its purpose, until it expires.
 * Races are real on PostgreSQL and serialised elsewhere; the answers match.
 */
export const sessionTokensContract = (
  name: string,
  open: OpenHarness<RefreshTokenRepo | OneTimeTokenRepo, SessionTokenSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    // Token hashes and families are unique to each test, as the tables are not emptied between them.
    let prefix = ""
    beforeEach(() => {
      prefix = memoryId("test")
    })
    const k = (name: string) => `${prefix}/${name}`

    describe("refresh tokens", () => {
      const create = (
        userId: string,
        tokenHash: string,
        familyId = k("family-1"),
        expiresAt = at(MINUTE),
      ) =>
        run(
          Effect.flatMap(RefreshTokenRepo, (r) =>
            r.create({ tokenHash, userId, familyId, createdAt: NOW, expiresAt }),
          ),
        )
      const spend = (tokenHash: string, now = NOW) =>
        run(Effect.flatMap(RefreshTokenRepo, (r) => r.spend(tokenHash, now)))

      it("spend once, then report reuse with the family", async () => {
        const user = { id: await seed().user() }
        await create(user.id, k("h1"))
        expect(await spend(k("h1"))).toEqual({
          _tag: "Fresh",
          userId: user.id,
          familyId: k("family-1"),
        })
        expect(await spend(k("h1"))).toEqual({ _tag: "AlreadySpent", familyId: k("family-1") })
        expect(await spend(k("nope"))).toEqual({ _tag: "Unknown" })
      })

      it("expire", async () => {
        const user = { id: await seed().user() }
        await create(user.id, k("h1"))
        expect(await spend(k("h1"), at(MINUTE))).toEqual({ _tag: "Expired" })
      })

      it("let exactly one of many simultaneous refreshes win", async () => {
        const user = { id: await seed().user() }
        await create(user.id, k("h1"))
        const outcomes = await Promise.all(Array.from({ length: 10 }, () => spend(k("h1"))))
        expect(outcomes.filter((o) => o._tag === "Fresh")).toHaveLength(1)
        expect(outcomes.filter((o) => o._tag === "AlreadySpent")).toHaveLength(9)
      })

      it("name the holder of a token only while it can still be refreshed", async () => {
        const user = { id: await seed().user() }
        const holderOf = (tokenHash: string, now = NOW) =>
          run(Effect.flatMap(RefreshTokenRepo, (r) => r.holderOf(tokenHash, now)))
        await create(user.id, k("h1"))
        await create(user.id, k("h2"), k("family-2"))
        expect(await holderOf(k("h1"))).toEqual({ userId: user.id, familyId: k("family-1") })
        expect(await holderOf(k("h1"), at(MINUTE))).toBeUndefined()
        await spend(k("h1"))
        expect(await holderOf(k("h1"))).toBeUndefined()
        await run(Effect.flatMap(RefreshTokenRepo, (r) => r.revokeFamily(k("family-2"))))
        expect(await holderOf(k("h2"))).toBeUndefined()
        expect(await holderOf(k("nope"))).toBeUndefined()
      })

      it("say the holder's role while their session stands, and nothing once it ends", async () => {
        const staff = await seed().user("Staff")
        const other = await seed().user("Admin")
        await create(staff, k("s1"), k("S"))
        await create(staff, k("t1"), k("T"))
        const roleIn = (userId: string, familyId: string) =>
          run(Effect.flatMap(RefreshTokenRepo, (r) => r.roleInSession(userId, familyId)))
        expect(await roleIn(staff, k("S"))).toBe("Staff")
        // A spent token still marks its family: the session lives on in the next one.
        await spend(k("s1"))
        expect(await roleIn(staff, k("S"))).toBe("Staff")
        // Someone else's session is not theirs, nor one nobody has.
        expect(await roleIn(other, k("S"))).toBeNull()
        expect(await roleIn(staff, k("nobody's"))).toBeNull()
        expect(await roleIn("not-a-user", k("S"))).toBeNull()
        await seed().changeRole(staff, "Admin")
        expect(await roleIn(staff, k("S"))).toBe("Admin")
        await run(Effect.flatMap(RefreshTokenRepo, (r) => r.revokeFamily(k("S"))))
        expect(await roleIn(staff, k("S"))).toBeNull()
        expect(await roleIn(staff, k("T"))).toBe("Admin")
        await run(Effect.flatMap(RefreshTokenRepo, (r) => r.revokeAllOfUser(staff)))
        expect(await roleIn(staff, k("T"))).toBeNull()
      })

      it("revoke a family, or every family of a user but one", async () => {
        const user = { id: await seed().user() }
        await create(user.id, k("a1"), k("A"))
        await create(user.id, k("a2"), k("A"))
        await create(user.id, k("b1"), k("B"))
        await create(user.id, k("c1"), k("C"))
        await run(Effect.flatMap(RefreshTokenRepo, (r) => r.revokeFamily(k("A"))))
        expect(
          await run(Effect.flatMap(RefreshTokenRepo, (r) => r.familyOf(k("a2")))),
        ).toBeUndefined()
        await run(
          Effect.flatMap(RefreshTokenRepo, (r) =>
            r.revokeAllOfUser(user.id, { exceptFamilyId: k("C") }),
          ),
        )
        const familyOf = (tokenHash: string) =>
          run(Effect.flatMap(RefreshTokenRepo, (r) => r.familyOf(tokenHash)))
        expect([await familyOf(k("a1")), await familyOf(k("b1")), await familyOf(k("c1"))]).toEqual(
          [undefined, undefined, k("C")],
        )
      })
    })

    describe("one-time tokens", () => {
      const create = (
        userId: string,
        tokenHash: string,
        purpose: "VerifyEmail" | "ResetPassword" = "ResetPassword",
      ) =>
        run(
          Effect.flatMap(OneTimeTokenRepo, (r) =>
            r.create({
              tokenHash,
              userId,
              purpose,
              email: "ann@example.com",
              createdAt: NOW,
              expiresAt: at(MINUTE),
            }),
          ),
        )
      const consume = (
        tokenHash: string,
        purpose: "VerifyEmail" | "ResetPassword" = "ResetPassword",
        now = NOW,
      ) => run(Effect.flatMap(OneTimeTokenRepo, (r) => r.consume(tokenHash, purpose, now)))

      it("work once, for their purpose, until they expire", async () => {
        const user = { id: await seed().user() }
        await create(user.id, k("t1"))
        await create(user.id, k("t2"))
        expect(await consume(k("t1"), "VerifyEmail")).toBeUndefined()
        expect(await consume(k("t1"))).toEqual({ userId: user.id, email: "ann@example.com" })
        expect(await consume(k("t1"))).toBeUndefined()
        expect(await consume(k("t2"), "ResetPassword", at(MINUTE))).toBeUndefined()
      })

      it("work once however many clicks arrive together", async () => {
        const user = { id: await seed().user() }
        await create(user.id, k("t1"))
        const outcomes = await Promise.all(Array.from({ length: 10 }, () => consume(k("t1"))))
        expect(outcomes.filter((o) => o !== undefined)).toHaveLength(1)
      })

      it("say whether one sent to an address is still usable", async () => {
        const user = { id: await seed().user() }
        const outstanding = (email = "ann@example.com", now = NOW) =>
          run(
            Effect.flatMap(OneTimeTokenRepo, (r) =>
              r.hasOutstanding(user.id, "ResetPassword", email, now),
            ),
          )
        expect(await outstanding()).toBe(false)
        await create(user.id, k("v1"), "VerifyEmail")
        expect(await outstanding()).toBe(false)
        await create(user.id, k("t1"))
        expect(await outstanding("ANN@example.com")).toBe(true)
        expect(await outstanding("bob@example.com")).toBe(false)
        expect(await outstanding("ann@example.com", at(MINUTE))).toBe(false)
        await consume(k("t1"))
        expect(await outstanding()).toBe(false)
      })

      it("can all be spent at once, purpose by purpose", async () => {
        const user = { id: await seed().user() }
        await create(user.id, k("t1"))
        await create(user.id, k("v1"), "VerifyEmail")
        await run(
          Effect.flatMap(OneTimeTokenRepo, (r) => r.discardAll(user.id, "ResetPassword", NOW)),
        )
        expect(await consume(k("t1"))).toBeUndefined()
        expect(await consume(k("v1"), "VerifyEmail")).toBeDefined()
      })
    })
  })
