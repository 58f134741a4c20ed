import { competitionsContract } from "./competitions.contract"
import { competitionsOnDatabase } from "./competitions.database"
import { openPglite } from "./harness"

competitionsContract("the catalogue's competitions on PGlite", () =>
  competitionsOnDatabase(openPglite),
)
