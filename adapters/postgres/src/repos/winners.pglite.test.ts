import { makeDatabase } from "../database"
import { winnersSuite } from "./winners.suite"

winnersSuite("winner records on PGlite (in memory)", () => makeDatabase({}))
