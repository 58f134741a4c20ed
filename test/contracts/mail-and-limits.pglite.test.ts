import { openPglite } from "./harness"
import { mailAndLimitsContract } from "./mail-and-limits.contract"
import { mailAndLimitsOnDatabase } from "./mail-and-limits.database"

mailAndLimitsContract("the outbox and the rate limits on PGlite", () =>
  mailAndLimitsOnDatabase(openPglite),
)
