import { catalogueAdminContract } from "./catalogue-admin.contract"
import { catalogueAdminDatabaseFacts, catalogueAdminOnDatabase } from "./catalogue-admin.database"
import { oneDatabasePerFile, openPglite } from "./harness"

const database = oneDatabasePerFile(openPglite)

catalogueAdminContract("staff's categories and attribute types on PGlite", () =>
  catalogueAdminOnDatabase(database),
)
catalogueAdminDatabaseFacts("staff's catalogue writes through the use cases on PGlite", database)
