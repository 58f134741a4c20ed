import { makeDatabase } from "../database"
import { imagesSuite } from "./images.suite"

imagesSuite("images and image groups on PGlite (in memory)", () => makeDatabase({}))
