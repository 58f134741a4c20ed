import { catalogueAdminContract } from "./catalogue-admin.contract"
import { catalogueAdminOnDatabase } from "./catalogue-admin.database"
import { openPglite } from "./harness"

catalogueAdminContract("staff's categories and attribute types on PGlite", () =>
  catalogueAdminOnDatabase(openPglite),
)
