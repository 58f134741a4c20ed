import { openPostgres } from "./harness"
import { spendLimitStoreContract } from "./spend-limits.contract"
import { spendLimitsOnDatabase } from "./spend-limits.postgres-harness"

spendLimitStoreContract("the spend-limit store on PostgreSQL", () =>
  spendLimitsOnDatabase(openPostgres),
)
