import type { NewCustomerAccount } from "@howzat/core/accounts"
import { CustomerRepo, UserRepo } from "@howzat/core/ports"
import { newCustomerAccount } from "@howzat/core/testing"
import { Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { memoryId, type OpenHarness, useHarness } from "./harness"

/** The contract's accounts: every test names its own mailbox, so none is shared by default. */
const account = (overrides: Partial<NewCustomerAccount> = {}): NewCustomerAccount =>
  newCustomerAccount({ emailAddress: "set-by-the-test@example.com", ...overrides })

/**
 * Users and customers: one account per mailbox whatever the case, a customer
 * read back as registered and updated, lists filtered literally and paged.
 * The tests share one database, so each writes mailboxes and names of its own.
 */
export const usersAndCustomersContract = (
  name: string,
  open: OpenHarness<UserRepo | CustomerRepo, Record<string, never>>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run } = useHarness(open)
    const flip = <A, E>(effect: Effect.Effect<A, E, UserRepo | CustomerRepo>) =>
      run(Effect.flip(effect))
    let tag = ""
    beforeEach(() => {
      tag = memoryId("t").replace("-", "")
    })
    /** A mailbox of this test's own, its local part in the case given. */
    const mail = (local: string) => `${local}.${tag}@Example.com`
    const register = (overrides: Partial<NewCustomerAccount> = {}) =>
      run(
        Effect.flatMap(CustomerRepo, (repo) =>
          repo.register(account({ emailAddress: mail("Ann"), ...overrides })),
        ),
      )

    it("register a customer and find the user by email in any case", async () => {
      const user = await register()
      expect(user).toMatchObject({ role: "Customer", emailAddress: mail("Ann") })
      expect(user).not.toHaveProperty("passwordHash")
      const found = await run(
        Effect.flatMap(UserRepo, (r) => r.byEmail(` ${mail("ann").toUpperCase()}`)),
      )
      expect(found).toMatchObject({ id: user.id, customerId: user.customerId })
      expect(found?.passwordHash).toMatch(/^\$argon2id\$/)
    })

    it("allow one account per mailbox, whatever the case", async () => {
      await register()
      const error = await flip(
        Effect.flatMap(CustomerRepo, (r) => r.register(account({ emailAddress: mail("ANN") }))),
      )
      expect(error._tag).toBe("EmailAlreadyRegistered")
      const staff = await flip(
        Effect.flatMap(UserRepo, (r) =>
          r.createStaff({
            emailAddress: mail("ann"),
            passwordHash: "x",
            firstName: "A",
            lastName: "B",
            role: "Staff",
          }),
        ),
      )
      expect(staff._tag).toBe("EmailAlreadyRegistered")
    })

    it("read a customer back exactly, the birthday in no time zone", async () => {
      const user = await register()
      const customer = await run(Effect.flatMap(CustomerRepo, (r) => r.byId(user.customerId!)))
      expect(customer).toMatchObject({
        customerId: user.customerId,
        userId: user.id,
        firstName: "Ann",
        email: mail("Ann"),
        emailVerified: false,
        dateOfBirth: "1990-04-01",
        allowMarketingByPhone: false,
        defaultBillingAddress: null,
        siteCreditAccountBalance: 0,
      })
    })

    it("update details, names on the user and addresses whole or absent", async () => {
      const user = await register()
      const updated = await run(
        Effect.flatMap(CustomerRepo, (r) =>
          r.update(user.customerId!, {
            firstName: "Annie",
            lastName: "Jones",
            dateOfBirth: "1991-02-28",
            telephoneNumber: "07700900999",
            allowMarketingByEmail: false,
            allowMarketingByPhone: false,
            allowMarketingByText: false,
            allowMarketingByPost: false,
            defaultBillingAddress: {
              line1: "1 High St",
              line2: "",
              city: "Leeds",
              county: "",
              postCode: "LS1 4AP",
            },
            defaultShippingAddress: null,
          }),
        ),
      )
      expect(updated).toMatchObject({
        firstName: "Annie",
        dateOfBirth: "1991-02-28",
        defaultBillingAddress: {
          line1: "1 High St",
          line2: "",
          city: "Leeds",
          postCode: "LS1 4AP",
        },
        defaultShippingAddress: null,
      })
      const asUser = await run(Effect.flatMap(UserRepo, (r) => r.byId(user.id)))
      expect(asUser?.lastName).toBe("Jones")
    })

    it("answer CustomerNotFound for an unknown or malformed id", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const error = await flip(Effect.flatMap(CustomerRepo, (r) => r.byId(id)))
        expect(error._tag).toBe("CustomerNotFound")
      }
    })

    it("read several customers in one go, leaving out ids that name nobody", async () => {
      const ann = await register({ emailAddress: mail("ann") })
      const bob = await register({ emailAddress: mail("bob"), firstName: "Bob" })
      const found = await run(
        Effect.flatMap(CustomerRepo, (r) =>
          r.byIds([
            bob.customerId!,
            ann.customerId!,
            bob.customerId!,
            "00000000-0000-4000-8000-000000000000",
            "not-a-uuid",
          ]),
        ),
      )
      const byId = await run(Effect.flatMap(CustomerRepo, (r) => r.byId(bob.customerId!)))
      expect(found.map((c) => c.customerId).sort()).toEqual([ann.customerId, bob.customerId].sort())
      // Each exactly as byId reads it.
      expect(found.find((c) => c.customerId === bob.customerId)).toEqual(byId)
      expect(await run(Effect.flatMap(CustomerRepo, (r) => r.byIds([])))).toEqual([])
    })

    it("list customers by name and email, a page at a time", async () => {
      await register({ emailAddress: mail("ann"), lastName: `${tag}Smith` })
      await register({ emailAddress: mail("bob"), firstName: "Bob", lastName: `${tag}Adams` })
      await register({
        emailAddress: `cat@other-${tag}.example`,
        firstName: "Cat",
        lastName: `${tag}Smithers`,
      })
      const list = (query: Parameters<CustomerRepo["Type"]["list"]>[0]) =>
        run(Effect.flatMap(CustomerRepo, (r) => r.list(query)))
      const all = await list({ lastName: tag, page: { pageNumber: 1, pageSize: 2 } })
      expect(all.totalCount).toBe(3)
      expect(all.items.map((c) => c.lastName)).toEqual([`${tag}Adams`, `${tag}Smith`])
      const smiths = await list({ lastName: `${tag}SMITH`, page: { pageNumber: 1, pageSize: 10 } })
      expect(smiths.items.map((c) => c.firstName)).toEqual(["Ann", "Cat"])
      const other = await list({ email: `other-${tag}.ex`, page: { pageNumber: 1, pageSize: 10 } })
      expect(other.items.map((c) => c.firstName)).toEqual(["Cat"])
      const literal = await list({ firstName: "%", page: { pageNumber: 1, pageSize: 10 } })
      expect(literal.totalCount).toBe(0)
    })

    it("verify an email only while it is still the user's address", async () => {
      const user = await register()
      const users = (f: (r: UserRepo["Type"]) => Effect.Effect<unknown, unknown>) =>
        run(Effect.flatMap(UserRepo, f))
      expect(await users((r) => r.markEmailVerified(user.id, mail("old")))).toBe(false)
      expect(await users((r) => r.markEmailVerified(user.id, mail("ANN")))).toBe(true)
      await users((r) => r.changeEmail(user.id, mail("new")))
      const changed = await run(Effect.flatMap(UserRepo, (r) => r.byId(user.id)))
      expect(changed).toMatchObject({ emailAddress: mail("new"), emailVerified: false })
      await register({ emailAddress: mail("bob") })
      const taken = await flip(Effect.flatMap(UserRepo, (r) => r.changeEmail(user.id, mail("BOB"))))
      expect(taken._tag).toBe("EmailAlreadyRegistered")
    })
  })
