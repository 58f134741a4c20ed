import { makeDatabase } from "../database"
import { catalogueSuite } from "./catalogue.suite"

catalogueSuite("catalogue repositories on PGlite (in memory)", () => makeDatabase({}))
