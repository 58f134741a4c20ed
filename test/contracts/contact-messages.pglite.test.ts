import { contactMessagesContract } from "./contact-messages.contract"
import {
  contactMessagesDatabaseFacts,
  contactMessagesOnDatabase,
} from "./contact-messages.database"
import { oneDatabasePerFile, openPglite } from "./harness"

const database = oneDatabasePerFile(openPglite)

contactMessagesContract(
  "contact messages on PGlite (the ContactMessageStore adapter)",
  contactMessagesOnDatabase(database),
)
contactMessagesDatabaseFacts("the contact form's table on PGlite", database)
