import { openMigratedPglite } from "../support/suite-database"
import { oneDatabasePerFile } from "./file-database"
import { imagesContract } from "./images.contract"
import { imagesDatabaseFacts, imagesOnDatabase } from "./images.database"

const database = oneDatabasePerFile(openMigratedPglite)

imagesContract("images on PGlite (the ImageStore adapter)", imagesOnDatabase(database.open))
imagesDatabaseFacts("images through staff's use case on PGlite", database.open)
