import { openPostgres } from "./harness"
import { spendLimitStoreContract } from "./spend-limits.contract"
import { spendLimitsOnDatabase } from "./spend-limits.database"

spendLimitStoreContract("the spend-limit store on PostgreSQL", () =>
  spendLimitsOnDatabase(openPostgres),
)
