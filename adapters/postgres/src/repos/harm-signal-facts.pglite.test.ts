import { makeDatabase } from "../database"
import { harmSignalFactsSuite } from "./harm-signal-facts.suite"

harmSignalFactsSuite("harm-signal facts on PGlite (in memory)", () => makeDatabase({}))
