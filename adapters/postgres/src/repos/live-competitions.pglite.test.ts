import { makeDatabase } from "../database"
import { liveCompetitionsSuite } from "./live-competitions.suite"

liveCompetitionsSuite("the live competitions on PGlite (in memory)", () => makeDatabase({}))
