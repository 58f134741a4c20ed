import { oneDatabasePerFile, openPostgres } from "./harness"
import { secondFactorsContract } from "./second-factors.contract"
import {
  secondFactorRacesOnPostgres,
  secondFactorsInTheDatabase,
  secondFactorsOnDatabase,
} from "./second-factors.database"

const database = oneDatabasePerFile(openPostgres)

secondFactorsContract(
  "second factors on PostgreSQL (the SecondFactorStore adapter)",
  secondFactorsOnDatabase(database),
)
secondFactorsInTheDatabase("second factors in PostgreSQL's tables", database)
secondFactorRacesOnPostgres("second factors raced for on PostgreSQL", database)
