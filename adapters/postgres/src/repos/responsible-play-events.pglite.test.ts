import { makeDatabase } from "../database"
import { responsiblePlayEventsSuite } from "./responsible-play-events.suite"

responsiblePlayEventsSuite("the responsible-play log on PGlite (in memory)", () => makeDatabase({}))
