import type { Address, NewCustomerAccount } from "@howzat/core/accounts"
import {
  CustomerRepo,
  PasswordHasher,
  SiteCreditLedger,
  SpendLimitStore,
  Transactions,
  UserRepo,
} from "@howzat/core/ports"
import {
  CLUB_CREDIT_PERCENT,
  CLUB_VOUCHER_PERCENT,
  changeSpendLimit,
  normaliseVoucherCode,
  pence,
  UNANSWERED,
} from "@howzat/core/rules"
import { type DatabaseHandle, DEMO_CLUBS } from "@howzat/postgres"
import { Clock, Effect } from "effect"

/** The demo shopper (README § Demo data): signs in at once, with credit to spend. */
export const DEMO_CUSTOMER_EMAIL = "demo@howzat.example"
/** Passes docs/product/validation.md's new-password rule, so the account pages can change it like any other. */
export const DEMO_CUSTOMER_PASSWORD = "Howzat!2026"
/** £250.00, enough for the site-credit journey to pay a whole order. */
export const DEMO_WELCOME_CREDIT = pence(25_000)
export const DEMO_WELCOME_CREDIT_DESCRIPTION = "Welcome credit"

const DEMO_ADDRESS: Address = {
  line1: "1 Pavilion Lane",
  line2: "",
  city: "London",
  county: "",
  postCode: "NW8 8QN",
}

const demoAccount = (passwordHash: string): NewCustomerAccount => ({
  emailAddress: DEMO_CUSTOMER_EMAIL,
  passwordHash,
  firstName: "Demo",
  lastName: "Customer",
  dateOfBirth: "1990-04-01",
  telephoneNumber: "07700 900123",
  allowMarketingByEmail: false,
  allowMarketingByPhone: false,
  allowMarketingByText: false,
  allowMarketingByPost: false,
})

/**
 * Creates the demo customer unless it exists: verified, with addresses and
 * the welcome credit, all in one transaction, so a restart (or a second
 * server process starting at the same moment: the email's unique index
 * decides) never grants the credit twice. Answers whether it was created.
 */
export const ensureDemoCustomer = Effect.gen(function* () {
  const users = yield* UserRepo
  const customers = yield* CustomerRepo
  const hasher = yield* PasswordHasher
  const ledger = yield* SiteCreditLedger
  const transactions = yield* Transactions
  const spendLimits = yield* SpendLimitStore

  if ((yield* users.byEmail(DEMO_CUSTOMER_EMAIL)) !== undefined) return false
  const passwordHash = yield* hasher.hash(DEMO_CUSTOMER_PASSWORD)
  return yield* transactions
    .within(
      Effect.gen(function* () {
        const user = yield* customers.register(demoAccount(passwordHash))
        const customerId = user.customerId
        if (customerId === null) return yield* Effect.dieMessage("a customer without a record")
        yield* users.markEmailVerified(user.id, user.emailAddress)
        const customer = yield* customers.byId(customerId)
        yield* customers.update(customerId, {
          ...customer,
          defaultBillingAddress: DEMO_ADDRESS,
          defaultShippingAddress: DEMO_ADDRESS,
        })
        const at = new Date(yield* Clock.currentTimeMillis)
        yield* ledger.grant(customerId, DEMO_WELCOME_CREDIT, DEMO_WELCOME_CREDIT_DESCRIPTION, at)
        // Answered, as a real shopper would be asked to (decision 0041), so demo journeys buy again.
        const answered = changeSpendLimit(UNANSWERED, { kind: "NoLimit" }, at)
        yield* spendLimits.save(customerId, answered.setting, {
          ...answered.change,
          changedBy: "Customer",
        })
        return true
      }),
    )
    .pipe(Effect.catchTag("EmailAlreadyRegistered", () => Effect.succeed(false)))
})

/**
 * Voucher codes for the demo basket (docs/product/states.md vouchers): stored normalised,
 * as codes are. Each once per customer, as a shop's welcome codes would be
 * (a cancelled or expired order gives the use back), and the fixed amount
 * only on a basket well above it (decision 0012).
 */
export const DEMO_PROMOTIONS = [
  {
    code: "HOWZAT10",
    description: "10% off your whole basket",
    discountKind: "Percentage",
    percent: 10,
    amountPence: null,
    minimumSpendPence: null,
    perCustomerLimit: 1,
  },
  {
    code: "BOUNDARY",
    description: "£1 off a basket of £5 or more",
    discountKind: "Fixed",
    percent: null,
    amountPence: 100,
    minimumSpendPence: 500,
    perCustomerLimit: 1,
  },
] as const

/**
 * The demo vouchers, only into a shop that has none, and the demo clubs of
 * the club-perks list (docs/product/overview.md) with their 10% vouchers, only into a shop
 * without clubs (so a demo database from before clubs existed gets them
 * too): an operator's own are never joined by demo ones. Two processes at
 * once both insert; the unique code and club name let one win and the
 * other do nothing. Answers whether anything was seeded.
 */
export const seedDemoPromotions = (db: DatabaseHandle["db"]): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const anyPromotion = await trx.selectFrom("promotions").select("id").limit(1).executeTakeFirst()
    const anyClub = await trx.selectFrom("clubs").select("id").limit(1).executeTakeFirst()
    if (anyPromotion === undefined) await seedVouchers(trx)
    if (anyClub === undefined) await seedClubs(trx)
    return anyPromotion === undefined || anyClub === undefined
  })

const seedVouchers = (trx: DatabaseHandle["db"]) =>
  trx
    .insertInto("promotions")
    .values(
      DEMO_PROMOTIONS.map((promotion) => ({
        ...promotion,
        competitionId: null,
        validFrom: null,
        validTo: null,
      })),
    )
    .onConflict((conflict) => conflict.column("code").doNothing())
    .execute()

const seedClubs = async (trx: DatabaseHandle["db"]) => {
  for (const club of DEMO_CLUBS) {
    const { id } = await trx
      .insertInto("clubs")
      .values({ name: club.name })
      .onConflict((conflict) => conflict.column("name").doUpdateSet({ name: club.name }))
      .returning("id")
      .executeTakeFirstOrThrow()
    await trx
      .insertInto("promotions")
      .values({
        code: normaliseVoucherCode(club.voucherCode),
        description: `${club.name}: ${CLUB_VOUCHER_PERCENT}% off, and ${CLUB_CREDIT_PERCENT}% to the club`,
        discountKind: "Percentage",
        percent: CLUB_VOUCHER_PERCENT,
        amountPence: null,
        clubId: id,
      })
      .onConflict((conflict) => conflict.column("code").doNothing())
      .execute()
    // Its code is the one the club-perks list shows (decision 0033).
    await trx
      .updateTable("clubs")
      .set((eb) => ({
        voucherPromotionId: eb
          .selectFrom("promotions")
          .select("promotions.id")
          .where("promotions.code", "=", normaliseVoucherCode(club.voucherCode))
          .where("promotions.clubId", "=", id),
      }))
      .where("id", "=", id)
      .execute()
  }
}
