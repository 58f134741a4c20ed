import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import { ClubDocuments, DocumentRenderFailed } from "../ports/club-documents.js"
import { ClubDirectory } from "../ports/club-store.js"
import { ShopLinks } from "../ports/shop-links.js"
import type { ClubDocument } from "../rules/club-documents.js"
import type { ListedClub } from "../rules/clubs.js"
import { ClubPerks, ShopIdentitySettings } from "./club-perks.js"

const kent: ListedClub = { id: "club-kent", name: "Kent CCC", voucherCode: "KENT10" }

/** Renders the words as text, so a test reads what the document says. */
const rendered: ClubDocument[] = []
const textRenderer = Layer.succeed(ClubDocuments, {
  render: (document) =>
    Effect.sync(() => {
      rendered.push(document)
      return new TextEncoder().encode(document.blocks.map((b) => b.text).join("\n"))
    }),
})

const perks = (listed: readonly ListedClub[], renderer = textRenderer) =>
  ClubPerks.Default.pipe(
    Layer.provide(Layer.succeed(ClubDirectory, { listed: () => Effect.succeed(listed) })),
    Layer.provide(renderer),
    Layer.provide(
      Layer.succeed(ShopIdentitySettings, {
        shortName: "Howzat",
        fullName: "Howzat Prize Competitions",
        customerCareEmail: "help@howzat.example",
        freePostalEntryAddress:
          "Howzat Prize Competitions (Free Entry), PO Box 1882, Taunton TA1 9ZZ",
      }),
    ),
  )

describe("club-perks documents", () => {
  it.effect("are made for a listed club, naming the shop at its configured address", () =>
    Effect.gen(function* () {
      const file = yield* Effect.flatMap(ClubPerks, (p) => p.document(kent.id, "Poster"))
      expect(file.fileName).toBe("kent-ccc-poster.pdf")
      const words = new TextDecoder().decode(file.bytes)
      expect(words).toContain("KENT10")
      expect(words).toContain("shop.example")
    }).pipe(
      Effect.provide(perks([kent])),
      Effect.provideService(ShopLinks, { origin: "https://shop.example" }),
    ),
  )

  it.effect("are refused for a club the list does not show, before anything is drawn", () =>
    Effect.gen(function* () {
      rendered.length = 0
      const result = yield* Effect.either(
        Effect.flatMap(ClubPerks, (p) => p.document("club-gone", "WelcomeLetter")),
      )
      expect(Either.isLeft(result) && result.left._tag).toBe("ClubNotListed")
      expect(rendered).toEqual([])
    }).pipe(Effect.provide(perks([kent]))),
  )

  it.effect("pass on a renderer's failure as the shop's, not the visitor's", () =>
    Effect.gen(function* () {
      const result = yield* Effect.either(
        Effect.flatMap(ClubPerks, (p) => p.document(kent.id, "WelcomeLetter")),
      )
      expect(Either.isLeft(result) && result.left._tag).toBe("DocumentRenderFailed")
    }).pipe(
      Effect.provide(
        perks(
          [kent],
          Layer.succeed(ClubDocuments, {
            render: () => Effect.fail(new DocumentRenderFailed({ cause: "no font" })),
          }),
        ),
      ),
    ),
  )
})
