import { oneDatabasePerFile, openPglite } from "./harness"
import { secondFactorsContract } from "./second-factors.contract"
import { secondFactorsInTheDatabase, secondFactorsOnDatabase } from "./second-factors.database"

const database = oneDatabasePerFile(openPglite)

secondFactorsContract(
  "second factors on PGlite (the SecondFactorStore adapter)",
  secondFactorsOnDatabase(database),
)
secondFactorsInTheDatabase("second factors in PGlite's tables", database)
