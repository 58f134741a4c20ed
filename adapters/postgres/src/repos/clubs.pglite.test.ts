import { makeDatabase } from "../database"
import { clubsSuite } from "./clubs.suite"

clubsSuite("staff's clubs on PGlite (in memory)", () => makeDatabase({}))
