import { makeDatabase } from "../database"
import { secondFactorSuite } from "./second-factors.suite"

secondFactorSuite("the second-factor store on PGlite (in memory)", () => makeDatabase({}))
