import {
  AccountChanges,
  AccountRecovery,
  CustomerAccounts,
  RateLimitPolicy,
  Registration,
  SecondFactor,
  Sessions,
  StaffAccounts,
  Throttle,
} from "@howzat/core/accounts"
import { StaffCustomers } from "@howzat/core/customers"
import { ShopLinks } from "@howzat/core/ports"
import { ReferralInvitationLimit, ReferralSignUps, Referrals } from "@howzat/core/referrals"
import {
  AccountStanding,
  AgeChecks,
  DeclaredDateOfBirthLive,
  PurchaseGate,
  SpendLimitSignUps,
} from "@howzat/core/responsible-play"
import { AuditTrail, SecondFactorReset, StaffUsers } from "@howzat/core/staff"
import {
  AccountStandingStoreLive,
  AgeVerificationRecordsLive,
  AuditLogLive,
  AuditLogReaderLive,
  CustomerRepoLive,
  type DatabaseHandle,
  NodeSecureRandomLive,
  OutboxMailerLive,
  PostgresAccountsLive,
  ReferralRepoLive,
  ResponsiblePlayEventsLive,
  SiteCreditLedgerLive,
  SpendLimitStoreLive,
  StaffCustomerRepoLive,
  StaffUserRepoLive,
  TransactionsLive,
} from "@howzat/postgres"
import { Layer } from "effect"
import { Argon2PasswordHasherLive } from "../auth/argon2-password-hasher"
import { JwtAccessTokensLive } from "../auth/jwt-access-tokens"
import { jwtSecret } from "../auth/jwt-secret"
import type { ServerConfig } from "../config"
import type { CoreBrandLayer, DbLayer } from "./brand"

/**
 * A customer's standing: taking a break, closing an account, and the age
 * check (decision 0043), and the gate every purchase passes through.
 */
export const standingServices = (db: DbLayer, config: ServerConfig, coreBrand: CoreBrandLayer) => {
  const standingPorts = Layer.mergeAll(
    AccountStandingStoreLive,
    AgeVerificationRecordsLive,
    ResponsiblePlayEventsLive,
    CustomerRepoLive,
    TransactionsLive,
    OutboxMailerLive,
  ).pipe(
    Layer.provide(db),
    Layer.merge(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
    Layer.merge(coreBrand),
    // config.ageVerification is "declared" until an identity-check provider is installed.
    Layer.merge(DeclaredDateOfBirthLive),
  )
  const ageChecks = AgeChecks.Default.pipe(Layer.provide(standingPorts))
  const purchaseGate = PurchaseGate.Default.pipe(
    Layer.provide(Layer.merge(ageChecks, standingPorts)),
  )
  const accountStanding = AccountStanding.Default.pipe(Layer.provide(standingPorts))
  return { ageChecks, purchaseGate, accountStanding }
}

/**
 * Signing up, signing in and everything after: customers' accounts, refer a
 * friend, an Admin's second factor and staff's view of customers.
 */
export const accountServices = async (
  database: DatabaseHandle,
  db: DbLayer,
  config: ServerConfig,
  standing: ReturnType<typeof standingServices>,
  coreBrand: CoreBrandLayer,
) => {
  // Refer a friend (decision 0039): registration records the friend, Referrals serves the page.
  const referralPorts = Layer.mergeAll(PostgresAccountsLive, ReferralRepoLive).pipe(
    Layer.provide(db),
    Layer.merge(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
    Layer.merge(Layer.succeed(ReferralInvitationLimit, config.referralInvitations)),
    Layer.merge(coreBrand),
  )
  const accountPorts = Layer.mergeAll(
    PostgresAccountsLive.pipe(Layer.provide(db)),
    Argon2PasswordHasherLive,
    JwtAccessTokensLive(await jwtSecret(database.db, config.jwtSecret)),
    NodeSecureRandomLive,
    Layer.succeed(RateLimitPolicy, config.rateLimits),
    coreBrand,
    Layer.effect(ReferralSignUps, ReferralSignUps.fromRepo).pipe(Layer.provide(referralPorts)),
    // Registration keeps the age check's outcome from the start (decision 0043).
    standing.ageChecks,
    // The spend-limit question answered at sign-up (decision 0041).
    Layer.effect(SpendLimitSignUps, SpendLimitSignUps.fromStore).pipe(
      Layer.provide(Layer.merge(SpendLimitStoreLive, ResponsiblePlayEventsLive)),
      Layer.provide(db),
    ),
  )
  const referrals = Referrals.Default.pipe(
    Layer.provide(Layer.merge(referralPorts, NodeSecureRandomLive)),
  )
  const accounts = Layer.mergeAll(
    Sessions.Default,
    Registration.Default,
    AccountRecovery.Default,
    AccountChanges.Default,
    CustomerAccounts.Default,
    Throttle.Default,
  ).pipe(Layer.provide(accountPorts))
  // An Admin's second factor finishes the sign-in Sessions started (decision 0032).
  const secondFactor = SecondFactor.Default.pipe(
    Layer.provideMerge(accounts),
    Layer.provide(Layer.merge(accountPorts, AuditLogLive.pipe(Layer.provide(db)))),
  )
  const staffCustomers = StaffCustomers.Default.pipe(
    Layer.provide(
      Layer.mergeAll(
        PostgresAccountsLive,
        SiteCreditLedgerLive,
        StaffCustomerRepoLive,
        AuditLogLive,
        TransactionsLive,
      ).pipe(Layer.provide(db)),
    ),
  )
  return { accountPorts, secondFactor, staffCustomers, referrals }
}

/** Admins' staff users (with the staff command's invitation) and the audit log's reading. */
export const staffAdministrationOf = (
  db: DbLayer,
  accountPorts: Awaited<ReturnType<typeof accountServices>>["accountPorts"],
) => {
  const staffPorts = Layer.mergeAll(
    accountPorts,
    Layer.mergeAll(StaffUserRepoLive, AuditLogLive, AuditLogReaderLive).pipe(Layer.provide(db)),
  )
  return Layer.mergeAll(StaffUsers.Default, AuditTrail.Default, SecondFactorReset.Default).pipe(
    Layer.provide(Layer.merge(StaffAccounts.Default.pipe(Layer.provide(staffPorts)), staffPorts)),
  )
}
