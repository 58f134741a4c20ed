import { makeDatabase } from "../database"
import { auditLogSuite } from "./audit-log.suite"

auditLogSuite("the audit log on PGlite (in memory)", () => makeDatabase({}))
