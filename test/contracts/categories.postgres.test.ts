import { categoriesContract } from "./categories.contract"
import { categoriesOnDatabase } from "./categories.database"
import { openPostgres } from "./harness"

categoriesContract("the catalogue's categories on PostgreSQL", () =>
  categoriesOnDatabase(openPostgres),
)
