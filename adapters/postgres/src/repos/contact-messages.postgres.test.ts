import { contactMessagesSuite } from "./contact-messages.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

contactMessagesSuite("the contact form's messages on PostgreSQL", openSuiteDatabaseOnPostgres)
