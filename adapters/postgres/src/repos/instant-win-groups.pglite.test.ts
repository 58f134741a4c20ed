import { makeDatabase } from "../database"
import { instantWinGroupsSuite } from "./instant-win-groups.suite"

instantWinGroupsSuite("instant-win groups on PGlite (in memory)", () => makeDatabase({}))
