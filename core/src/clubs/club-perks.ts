import { Context, Data, Effect } from "effect"
import { now } from "../ports/clock.js"
import { ClubDocuments } from "../ports/club-documents.js"
import { ClubDirectory } from "../ports/club-store.js"
import { ShopLinks } from "../ports/shop-links.js"
import { type ClubDocumentKind, clubDocument, type ShopIdentity } from "../rules/club-documents.js"

/**
 * Who the printed documents say they come from. The website comes from
 * ShopLinks (the configured origin); the rest is the brand's, which the
 * composition root provides (the server's from apps/web/src/brand.ts). No
 * default, as with Brand (docs/decisions/0101): core names no shop.
 */
export class ShopIdentitySettings extends Context.Tag("@howzat/core/ShopIdentitySettings")<
  ShopIdentitySettings,
  Omit<ShopIdentity, "website">
>() {}

/** No club on the club-perks list has this id (never existed, deleted, or its code no longer works). */
export class ClubNotListed extends Data.TaggedError("ClubNotListed")<{
  readonly clubId: string
}> {}

export interface ClubDocumentFile {
  readonly fileName: string
  readonly bytes: Uint8Array
}

/**
 * The club-perks documents a visitor downloads (docs/product/screens.md). Only a club the
 * club-perks list shows has them: a club whose code was retired or deleted
 * must not keep handing out a code that no longer works.
 */
export class ClubPerks extends Effect.Service<ClubPerks>()("@howzat/core/ClubPerks", {
  effect: Effect.gen(function* () {
    const directory = yield* ClubDirectory
    const documents = yield* ClubDocuments
    const { origin } = yield* ShopLinks
    const identity = yield* ShopIdentitySettings
    return {
      document: (clubId: string, kind: ClubDocumentKind) =>
        Effect.gen(function* () {
          const listed = yield* Effect.flatMap(now, directory.listed)
          const club = listed.find((c) => c.id === clubId)
          if (club === undefined) return yield* new ClubNotListed({ clubId })
          const document = clubDocument(kind, club, { ...identity, website: origin })
          const bytes = yield* documents.render(document)
          return { fileName: document.fileName, bytes } satisfies ClubDocumentFile
        }),
    }
  }),
}) {}
