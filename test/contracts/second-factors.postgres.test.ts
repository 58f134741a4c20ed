import { openSuiteDatabaseOnPostgres } from "./harness"
import { secondFactorsContract } from "./second-factors.contract"
import { secondFactorsOnDatabase } from "./second-factors.database"

secondFactorsContract(
  "second factors on PostgreSQL (the SecondFactorStore adapter)",
  secondFactorsOnDatabase(openSuiteDatabaseOnPostgres),
)
