import { oneDatabasePerFile, openPostgres } from "./harness"
import { imagesContract } from "./images.contract"
import { imagesDatabaseFacts, imagesOnDatabase } from "./images.database"

const database = oneDatabasePerFile(openPostgres)

imagesContract("images on PostgreSQL (the ImageStore adapter)", imagesOnDatabase(database))
imagesDatabaseFacts("images through staff's use case on PostgreSQL", database)
