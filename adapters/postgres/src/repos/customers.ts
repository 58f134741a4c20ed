import {
  type Address,
  type Customer,
  CustomerNotFound,
  type NewCustomerAccount,
} from "@howzat/core/accounts"
import { CustomerRepo, type CustomerRepoShape } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { containsPattern, isUuid, normalisePage, pageOffset, toPage } from "./shared"
import { emailTakenOnUniqueViolation, selectUsers } from "./users"

const selectCustomers = (db: Kysely<Database>) =>
  db
    .selectFrom("customers")
    .innerJoin("users", "users.id", "customers.userId")
    .selectAll("customers")
    .select([
      "users.firstName",
      "users.lastName",
      "users.email",
      "users.emailVerified",
      // A date read as text: a JavaScript Date would move it to the server's time zone.
      sql<string>`customers.date_of_birth::text`.as("dateOfBirthText"),
      // The ledger's sum; bigint comes back as text.
      sql<string>`(select coalesce(sum(e.amount_pence), 0) from site_credit_entries e where e.customer_id = customers.id)`.as(
        "siteCreditBalance",
      ),
    ])

type CustomerRow = Awaited<
  ReturnType<ReturnType<typeof selectCustomers>["executeTakeFirstOrThrow"]>
>

const address = (
  line1: string | null,
  line2: string | null,
  city: string | null,
  county: string | null,
  postCode: string | null,
): Address | null =>
  line1 === null || postCode === null
    ? null
    : { line1, line2: line2 ?? "", city: city ?? "", county: county ?? "", postCode }

const toCustomer = (row: CustomerRow): Customer => ({
  customerId: row.id,
  userId: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  emailVerified: row.emailVerified,
  dateOfBirth: row.dateOfBirthText,
  telephoneNumber: row.telephoneNumber,
  defaultBillingAddress: address(
    row.billingLine1,
    row.billingLine2,
    row.billingCity,
    row.billingCounty,
    row.billingPostCode,
  ),
  defaultShippingAddress: address(
    row.shippingLine1,
    row.shippingLine2,
    row.shippingCity,
    row.shippingCounty,
    row.shippingPostCode,
  ),
  allowMarketingByEmail: row.allowMarketingByEmail,
  allowMarketingByPhone: row.allowMarketingByPhone,
  allowMarketingByText: row.allowMarketingByText,
  allowMarketingByPost: row.allowMarketingByPost,
  siteCreditAccountBalance: pence(Number(row.siteCreditBalance)),
})

const lines = (value: Address | null) => ({
  line1: value?.line1 ?? null,
  line2: value?.line2 || null,
  city: value?.city || null,
  county: value?.county || null,
  postCode: value?.postCode ?? null,
})

const addressColumns = (billing: Address | null, shipping: Address | null) => {
  const b = lines(billing)
  const s = lines(shipping)
  return {
    billingLine1: b.line1,
    billingLine2: b.line2,
    billingCity: b.city,
    billingCounty: b.county,
    billingPostCode: b.postCode,
    shippingLine1: s.line1,
    shippingLine2: s.line2,
    shippingCity: s.city,
    shippingCounty: s.county,
    shippingPostCode: s.postCode,
  }
}

const insertCustomer = async (q: Kysely<Database>, account: NewCustomerAccount) => {
  const user = await q
    .insertInto("users")
    .values({
      email: account.emailAddress,
      passwordHash: account.passwordHash,
      firstName: account.firstName,
      lastName: account.lastName,
      role: "Customer",
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  await q
    .insertInto("customers")
    .values({
      userId: user.id,
      dateOfBirth: account.dateOfBirth,
      telephoneNumber: account.telephoneNumber,
      allowMarketingByEmail: account.allowMarketingByEmail,
      allowMarketingByPhone: account.allowMarketingByPhone,
      allowMarketingByText: account.allowMarketingByText,
      allowMarketingByPost: account.allowMarketingByPost,
    })
    .execute()
  return selectUsers(q).where("users.id", "=", user.id).executeTakeFirstOrThrow()
}

export const makeCustomerRepo = (db: Kysely<Database>): CustomerRepoShape => {
  const byId = (customerId: string) =>
    Effect.gen(function* () {
      if (!isUuid(customerId)) return yield* new CustomerNotFound({ customerId })
      const row = yield* runQuery(db, "customers.byId", (q) =>
        selectCustomers(q).where("customers.id", "=", customerId).executeTakeFirst(),
      )
      return row ? toCustomer(row) : yield* new CustomerNotFound({ customerId })
    })

  return {
    register: (account) =>
      runQuery(db, "customers.register", (executor) =>
        atomically(executor, (q) => insertCustomer(q, account)),
      ).pipe(
        emailTakenOnUniqueViolation,
        // The password hash stays in the repository's world.
        Effect.map(({ passwordHash: _, ...user }) => user),
      ),

    byId,

    byIds: (customerIds) => {
      // A malformed id names nobody, as byId answers it; Postgres would refuse the whole read.
      const ids = [...new Set(customerIds)].filter(isUuid)
      if (ids.length === 0) return Effect.succeed([])
      return runQuery(db, "customers.byIds", (q) =>
        selectCustomers(q).where("customers.id", "in", ids).execute(),
      ).pipe(Effect.map((rows) => rows.map(toCustomer)))
    },

    update: (customerId, details) =>
      Effect.gen(function* () {
        const customer = yield* byId(customerId)
        yield* runQuery(db, "customers.update", (executor) =>
          atomically(executor, async (q) => {
            await q
              .updateTable("users")
              .set({ firstName: details.firstName, lastName: details.lastName })
              .where("id", "=", customer.userId)
              .execute()
            await q
              .updateTable("customers")
              .set({
                dateOfBirth: details.dateOfBirth,
                telephoneNumber: details.telephoneNumber,
                allowMarketingByEmail: details.allowMarketingByEmail,
                allowMarketingByPhone: details.allowMarketingByPhone,
                allowMarketingByText: details.allowMarketingByText,
                allowMarketingByPost: details.allowMarketingByPost,
                ...addressColumns(details.defaultBillingAddress, details.defaultShippingAddress),
              })
              .where("id", "=", customerId)
              .execute()
          }),
        )
        return yield* byId(customerId)
      }),

    list: (query) =>
      runQuery(db, "customers.list", async (q) => {
        let filtered = selectCustomers(q)
        if (query.firstName)
          filtered = filtered.where("users.firstName", "ilike", containsPattern(query.firstName))
        if (query.lastName)
          filtered = filtered.where("users.lastName", "ilike", containsPattern(query.lastName))
        if (query.email)
          filtered = filtered.where("users.email", "ilike", containsPattern(query.email))
        const [rows, counted] = await Promise.all([
          filtered
            .orderBy("users.lastName")
            .orderBy("users.firstName")
            .orderBy("customers.id")
            .limit(normalisePage(query.page).pageSize)
            .offset(pageOffset(query.page))
            .execute(),
          filtered
            .clearSelect()
            .select((eb) => eb.fn.countAll<string>().as("total"))
            .executeTakeFirstOrThrow(),
        ])
        return toPage(query.page, rows.map(toCustomer), Number(counted.total))
      }),
  }
}

export const CustomerRepoLive: Layer.Layer<CustomerRepo, never, Db> = Layer.effect(
  CustomerRepo,
  Effect.map(Db, makeCustomerRepo),
)
