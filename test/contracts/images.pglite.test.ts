import { makeDatabase } from "@howzat/postgres/testing"
import { imagesContract } from "./images.contract"
import { imagesOnDatabase } from "./images.database"

imagesContract(
  "images on PGlite (the ImageStore adapter)",
  imagesOnDatabase(() => makeDatabase({})),
)
