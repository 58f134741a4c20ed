import { catalogueAdminContract } from "./catalogue-admin.contract"
import { catalogueAdminOnDatabase } from "./catalogue-admin.database"
import { openPostgres } from "./harness"

catalogueAdminContract("staff's categories and attribute types on PostgreSQL", () =>
  catalogueAdminOnDatabase(openPostgres),
)
