import { ImageStore } from "@howzat/core/ports/images"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import { makeImageStore, migrateToLatest } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ImagesWorld } from "./images.contract"

/** The images contract's world on a real database (PGlite or PostgreSQL). */
export const imagesOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ImagesWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return { layer: Layer.succeed(ImageStore, makeImageStore(db)), close }
  }
