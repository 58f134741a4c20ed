import { makeDatabase } from "../database"
import { instantWinsSuite } from "./instant-wins.suite"

instantWinsSuite("instant wins and their site credit on PGlite (in memory)", () => makeDatabase({}))
