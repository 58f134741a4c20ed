import { makeDatabase } from "../database"
import { catalogueAdminSuite } from "./catalogue-admin.suite"

catalogueAdminSuite("catalogue admin on PGlite (in memory)", () => makeDatabase({}))
