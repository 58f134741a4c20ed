import { oneDatabasePerFile, openPglite } from "./harness"
import { spendLimitStoreContract } from "./spend-limits.contract"
import { spendLimitsInTheDatabase, spendLimitsOnDatabase } from "./spend-limits.database"

const database = oneDatabasePerFile(openPglite)

spendLimitStoreContract("the spend-limit store on PGlite", () => spendLimitsOnDatabase(database))
spendLimitsInTheDatabase("spend limits in PGlite's tables", database)
