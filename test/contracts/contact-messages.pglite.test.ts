import { makeDatabase } from "@howzat/postgres/testing"
import { contactMessagesContract } from "./contact-messages.contract"
import {
  contactMessagesDatabaseFacts,
  contactMessagesOnDatabase,
} from "./contact-messages.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(() => makeDatabase({}))

contactMessagesContract(
  "contact messages on PGlite (the ContactMessageStore adapter)",
  contactMessagesOnDatabase(database.open),
)
contactMessagesDatabaseFacts("the contact form's table on PGlite", database.open)
