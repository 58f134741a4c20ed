import { Context, Data, type Effect } from "effect"
import type { ClubDocument } from "../rules/club-documents.js"

/** The document could not be laid out (a font or a library failure): the shop's fault, not the visitor's. */
export class DocumentRenderFailed extends Data.TaggedError("DocumentRenderFailed")<{
  readonly cause: unknown
}> {}

/**
 * Lays a club document out as a printable file. Core decides the words
 * (rules/club-documents); the adapter decides fonts and page layout.
 */
export interface ClubDocumentsShape {
  /** The file's bytes, a PDF. */
  readonly render: (document: ClubDocument) => Effect.Effect<Uint8Array, DocumentRenderFailed>
}
export class ClubDocuments extends Context.Tag("@howzat/core/ClubDocuments")<
  ClubDocuments,
  ClubDocumentsShape
>() {}
