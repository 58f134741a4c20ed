import { openMigratedPglite } from "../support/suite-database"
import { secondFactorsContract } from "./second-factors.contract"
import { secondFactorsOnDatabase } from "./second-factors.database"

secondFactorsContract(
  "second factors on PGlite (the SecondFactorStore adapter)",
  secondFactorsOnDatabase(openMigratedPglite),
)
