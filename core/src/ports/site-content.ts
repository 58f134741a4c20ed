import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"

/** Writes a resource (docs/product/api.md's Resources), in the caller's transaction when there is one. */
export interface ResourceWriterShape {
  /** The current value, or null when the key has none yet. */
  readonly current: (key: string) => Effect.Effect<string | null, RepositoryError>
  readonly put: (key: string, value: string) => Effect.Effect<void, RepositoryError>
}
export class ResourceWriter extends Context.Tag("@howzat/core/ResourceWriter")<
  ResourceWriter,
  ResourceWriterShape
>() {}

/**
 * Makes staff-written HTML safe to render in every visitor's browser: an
 * allow-list of formatting tags and safe links, everything else dropped.
 */
export interface RichTextSanitiserShape {
  readonly sanitise: (html: string) => string
}
export class RichTextSanitiser extends Context.Tag("@howzat/core/RichTextSanitiser")<
  RichTextSanitiser,
  RichTextSanitiserShape
>() {}
