import { oneDatabasePerFile, openPostgres } from "./harness"
import { spendLimitStoreContract } from "./spend-limits.contract"
import { spendLimitsInTheDatabase, spendLimitsOnDatabase } from "./spend-limits.database"

const database = oneDatabasePerFile(openPostgres)

spendLimitStoreContract("the spend-limit store on PostgreSQL", () =>
  spendLimitsOnDatabase(database),
)
spendLimitsInTheDatabase("spend limits in PostgreSQL's tables", database)
