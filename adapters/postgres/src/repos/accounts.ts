import { Layer } from "effect"
import { TransactionsLive } from "../transactions"
import { CustomerRepoLive } from "./customers"
import { OutboxMailerLive } from "./outbox"
import { RateLimiterLive } from "./rate-limits"
import { SecondFactorStoreLive } from "./second-factors"
import { OneTimeTokenRepoLive, RefreshTokenRepoLive } from "./session-tokens"
import { UserRepoLive } from "./users"

/** Every port the account use cases need from the database, on one Db. */
export const PostgresAccountsLive = Layer.mergeAll(
  UserRepoLive,
  CustomerRepoLive,
  RefreshTokenRepoLive,
  OneTimeTokenRepoLive,
  RateLimiterLive,
  OutboxMailerLive,
  TransactionsLive,
  SecondFactorStoreLive,
)
