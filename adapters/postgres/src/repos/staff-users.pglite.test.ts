import { makeDatabase } from "../database"
import { staffUsersSuite } from "./staff-users.suite"

staffUsersSuite("staff users on PGlite (in memory)", () => makeDatabase({}))
