import { makeDatabase } from "../database"
import { complaintsSuite } from "./complaints.suite"

complaintsSuite("complaints on PGlite (in memory)", () => makeDatabase({}))
