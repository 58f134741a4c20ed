import { openPglite } from "./harness"
import { spendLimitStoreContract } from "./spend-limits.contract"
import { spendLimitsOnDatabase } from "./spend-limits.postgres-harness"

spendLimitStoreContract("the spend-limit store on PGlite", () => spendLimitsOnDatabase(openPglite))
