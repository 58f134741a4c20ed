import { contactMessagesContract } from "./contact-messages.contract"
import {
  contactMessagesDatabaseFacts,
  contactMessagesOnDatabase,
} from "./contact-messages.database"
import { oneDatabasePerFile, openPostgres } from "./harness"

const database = oneDatabasePerFile(openPostgres)

contactMessagesContract(
  "contact messages on PostgreSQL (the ContactMessageStore adapter)",
  contactMessagesOnDatabase(database),
)
contactMessagesDatabaseFacts("the contact form's table on PostgreSQL", database)
