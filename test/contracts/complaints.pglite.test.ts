import { openMigratedPglite } from "../support/suite-database"
import { complaintsContract } from "./complaints.contract"
import { complaintsOnDatabase } from "./complaints.database"

complaintsContract(
  "complaints on PGlite (the ComplaintStore adapter)",
  complaintsOnDatabase(openMigratedPglite),
)
