import { categoriesContract } from "./categories.contract"
import { categoriesOnDatabase } from "./categories.database"
import { openPglite } from "./harness"

categoriesContract("the catalogue's categories on PGlite", () => categoriesOnDatabase(openPglite))
