import { makeDatabase } from "../database"
import { accountsSuite } from "./accounts.suite"

accountsSuite("account repositories on PGlite (in memory)", () => makeDatabase({}))
