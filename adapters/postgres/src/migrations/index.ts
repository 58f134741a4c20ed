import { type Kysely, type Migration, type MigrationResultSet, Migrator } from "kysely"
import * as catalogue from "./2026-11-22T0800-catalogue"
import * as accounts from "./2026-11-22T1000-accounts"
import * as orders from "./2026-11-22T1200-orders"
import * as sandboxGateway from "./2026-11-23T0930-sandbox-gateway"
import * as payments from "./2026-11-23T1100-payments"
import * as promotionUsesAndClubs from "./2026-11-23T1300-promotion-uses-and-clubs"
import * as paymentRefunds from "./2026-11-24T1100-payment-refunds"
import * as promotionLimits from "./2026-11-24T1200-promotion-limits"
import * as expiryRetryTimes from "./2026-11-24T1300-expiry-retry-times"
import * as verifiableDraws from "./2026-11-24T1400-verifiable-draws"
import * as instantWinPrizes from "./2026-11-24T1500-instant-win-prizes"
import * as instantWinCredit from "./2026-11-24T1510-instant-win-credit"
import * as postalEntries from "./2026-11-24T1600-postal-entries"
import * as winnerNotes from "./2026-11-24T1700-winner-notes"
import * as postalInstantWins from "./2026-11-24T1800-postal-instant-wins"
import * as auditLog from "./2026-11-24T1900-audit-log"
import * as imageLibrary from "./2026-11-24T2028-image-library"
import * as staffCustomers from "./2026-11-24T2029-staff-customers"
import * as staffRefunds from "./2026-11-24T2030-staff-refunds"
import * as secondFactors from "./2026-11-24T2100-second-factors"
import * as clubAdmin from "./2026-11-24T2110-club-admin"
import * as instantWinVisibility from "./2026-11-24T2120-instant-win-visibility"
import * as contactMessages from "./2026-11-25T0900-contact-messages"
import * as siteCreditPurchases from "./2026-11-25T1000-site-credit-purchases"
import * as referrals from "./2026-11-25T1100-referrals"
import * as responsiblePlayEvents from "./2026-11-25T1200-responsible-play-events"
import * as spendLimits from "./2026-11-25T1300-spend-limits"
import * as creditCards from "./2026-11-25T1400-credit-cards"
import * as accountStanding from "./2026-11-25T1500-account-standing"
import * as complaints from "./2026-11-25T1600-complaints"
import * as prizeAwardedAs from "./2026-11-25T1700-prize-awarded-as"
import * as shardedTicketsSold from "./2026-11-26T0100-sharded-tickets-sold"
import * as secondFactorLock from "./2026-11-29T0100-second-factor-lock"
import * as referralRefusals from "./2026-11-29T0200-referral-refusals"
import * as orderSearchAndCategoryNames from "./2026-11-29T0300-order-search-and-category-names"
import * as pickedNumbers from "./2026-11-29T1200-picked-numbers"
import * as drawOnSellOut from "./2026-11-29T1300-draw-on-sell-out"
import * as redraws from "./2026-11-29T1400-redraws"
import * as basketsByCustomer from "./2026-11-29T1600-baskets-by-customer"
import * as backOfficeAtSize from "./2026-11-30T1300-back-office-at-size"
import * as bulkPoolsAndEntryLists from "./2026-11-30T1400-bulk-pools-and-entry-lists"
import * as backOfficeReadsAtSize from "./2026-12-01T0900-back-office-reads-at-size"
import * as drawnCompetitionsMarked from "./2026-12-01T1100-drawn-competitions-marked"

/**
 * Every migration, listed by hand: bundlers and `node --import tsx` both see
 * the imports, and nothing depends on scanning a folder at run time. Add new
 * files at the end with a later date prefix.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22T0800-catalogue": catalogue,
  "2026-11-22T1000-accounts": accounts,
  "2026-11-22T1200-orders": orders,
  "2026-11-23T0930-sandbox-gateway": sandboxGateway,
  "2026-11-23T1100-payments": payments,
  "2026-11-23T1300-promotion-uses-and-clubs": promotionUsesAndClubs,
  "2026-11-24T1100-payment-refunds": paymentRefunds,
  "2026-11-24T1200-promotion-limits": promotionLimits,
  "2026-11-24T1300-expiry-retry-times": expiryRetryTimes,
  "2026-11-24T1400-verifiable-draws": verifiableDraws,
  "2026-11-24T1500-instant-win-prizes": instantWinPrizes,
  "2026-11-24T1510-instant-win-credit": instantWinCredit,
  "2026-11-24T1600-postal-entries": postalEntries,
  "2026-11-24T1700-winner-notes": winnerNotes,
  "2026-11-24T1800-postal-instant-wins": postalInstantWins,
  "2026-11-24T1900-audit-log": auditLog,
  "2026-11-24T2028-image-library": imageLibrary,
  "2026-11-24T2029-staff-customers": staffCustomers,
  "2026-11-24T2030-staff-refunds": staffRefunds,
  "2026-11-24T2100-second-factors": secondFactors,
  "2026-11-24T2110-club-admin": clubAdmin,
  "2026-11-24T2120-instant-win-visibility": instantWinVisibility,
  "2026-11-25T0900-contact-messages": contactMessages,
  "2026-11-25T1000-site-credit-purchases": siteCreditPurchases,
  "2026-11-25T1100-referrals": referrals,
  "2026-11-25T1200-responsible-play-events": responsiblePlayEvents,
  "2026-11-25T1300-spend-limits": spendLimits,
  "2026-11-25T1400-credit-cards": creditCards,
  "2026-11-25T1500-account-standing": accountStanding,
  "2026-11-25T1600-complaints": complaints,
  "2026-11-25T1700-prize-awarded-as": prizeAwardedAs,
  "2026-11-26T0100-sharded-tickets-sold": shardedTicketsSold,
  "2026-11-29T0100-second-factor-lock": secondFactorLock,
  "2026-11-29T0200-referral-refusals": referralRefusals,
  "2026-11-29T0300-order-search-and-category-names": orderSearchAndCategoryNames,
  "2026-11-29T1200-picked-numbers": pickedNumbers,
  "2026-11-29T1300-draw-on-sell-out": drawOnSellOut,
  "2026-11-29T1400-redraws": redraws,
  "2026-11-29T1600-baskets-by-customer": basketsByCustomer,
  "2026-11-30T1300-back-office-at-size": backOfficeAtSize,
  "2026-11-30T1400-bulk-pools-and-entry-lists": bulkPoolsAndEntryLists,
  "2026-12-01T0900-back-office-reads-at-size": backOfficeReadsAtSize,
  "2026-12-01T1100-drawn-competitions-marked": drawnCompetitionsMarked,
}

export const makeMigrator = <DB>(db: Kysely<DB>): Migrator =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  })

export class MigrationFailed extends Error {
  constructor(
    readonly migrationName: string | undefined,
    override readonly cause: unknown,
  ) {
    super(`Migration ${migrationName ?? "(unknown)"} failed`)
    this.name = "MigrationFailed"
  }
}

/** Applies every pending migration, each in its own transaction; throws if one fails. */
export const migrateToLatest = async <DB>(db: Kysely<DB>): Promise<MigrationResultSet> => {
  const result = await makeMigrator(db).migrateToLatest()
  if (result.error !== undefined) {
    const failed = result.results?.find((r) => r.status === "Error")
    throw new MigrationFailed(failed?.migrationName, result.error)
  }
  return result
}
