import { catalogueAdminContract } from "./catalogue-admin.contract"
import { catalogueAdminDatabaseFacts, catalogueAdminOnDatabase } from "./catalogue-admin.database"
import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

catalogueAdminContract("staff's categories and attribute types on PostgreSQL", () =>
  catalogueAdminOnDatabase(database.open),
)
catalogueAdminDatabaseFacts(
  "staff's catalogue writes through the use cases on PostgreSQL",
  database.open,
)
