import { ClubDocuments } from "@howzat/core/ports"
import { type ClubDocument, poster, welcomeLetter } from "@howzat/core/rules"
import { memoryClubDocuments } from "@howzat/core/testing"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { clubDocumentsContract, shop } from "./club-documents.contract"

clubDocumentsContract("club documents in memory (the ClubDocuments double)", () => {
  const asked: ClubDocument[] = []
  return memoryClubDocuments(asked)
})

describe("the in-memory ClubDocuments", () => {
  it("keeps every document it was asked for, in order", async () => {
    const asked: ClubDocument[] = []
    const club = { id: "k", name: "Kent CCC", voucherCode: "KENT10" }
    const documents = [poster(club, shop), welcomeLetter(club, shop)]
    for (const document of documents)
      await Effect.runPromise(
        Effect.flatMap(ClubDocuments, (d) => d.render(document)).pipe(
          Effect.provide(memoryClubDocuments(asked)),
        ),
      )
    expect(asked).toEqual(documents)
  })
})
