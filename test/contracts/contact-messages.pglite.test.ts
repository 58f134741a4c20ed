import { openMigratedPglite } from "../support/suite-database"
import { contactMessagesContract } from "./contact-messages.contract"
import {
  contactMessagesDatabaseFacts,
  contactMessagesOnDatabase,
} from "./contact-messages.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(openMigratedPglite)

contactMessagesContract(
  "contact messages on PGlite (the ContactMessageStore adapter)",
  contactMessagesOnDatabase(database.open),
)
contactMessagesDatabaseFacts("the contact form's table on PGlite", database.open)
