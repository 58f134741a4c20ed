import { makeDatabase } from "../database"
import { contactMessagesSuite } from "./contact-messages.suite"

contactMessagesSuite("the contact form's messages on PGlite (in memory)", () => makeDatabase({}))
