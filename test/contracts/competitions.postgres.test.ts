import { competitionsContract } from "./competitions.contract"
import { competitionsOnDatabase } from "./competitions.database"
import { openPostgres } from "./harness"

competitionsContract("the catalogue's competitions on PostgreSQL", () =>
  competitionsOnDatabase(openPostgres),
)
