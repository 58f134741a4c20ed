import { contactMessagesContract } from "./contact-messages.contract"
import {
  contactMessagesDatabaseFacts,
  contactMessagesOnDatabase,
} from "./contact-messages.database"
import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

contactMessagesContract(
  "contact messages on PostgreSQL (the ContactMessageStore adapter)",
  contactMessagesOnDatabase(database.open),
)
contactMessagesDatabaseFacts("the contact form's table on PostgreSQL", database.open)
