import { openMigratedPglite } from "../support/suite-database"
import { catalogueAdminContract } from "./catalogue-admin.contract"
import { catalogueAdminDatabaseFacts, catalogueAdminOnDatabase } from "./catalogue-admin.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(openMigratedPglite)

catalogueAdminContract("staff's categories and attribute types on PGlite", () =>
  catalogueAdminOnDatabase(database.open),
)
catalogueAdminDatabaseFacts(
  "staff's catalogue writes through the use cases on PGlite",
  database.open,
)
