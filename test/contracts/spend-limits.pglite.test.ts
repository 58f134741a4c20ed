import { openPglite } from "./harness"
import { spendLimitStoreContract } from "./spend-limits.contract"
import { spendLimitsOnDatabase } from "./spend-limits.database"

spendLimitStoreContract("the spend-limit store on PGlite", () => spendLimitsOnDatabase(openPglite))
