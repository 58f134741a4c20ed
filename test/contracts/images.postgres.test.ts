import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"
import { imagesContract } from "./images.contract"
import { imagesDatabaseFacts, imagesOnDatabase } from "./images.database"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

imagesContract("images on PostgreSQL (the ImageStore adapter)", imagesOnDatabase(database.open))
imagesDatabaseFacts("images through staff's use case on PostgreSQL", database.open)
