/**
 * The catalogue screens' pure parts: form values to request bodies and back,
 * an upload's form, and moving an image within a group.
 */
import type { CategoryRequestJson } from "@howzat/contracts/catalogue-admin"

export type Visibility = "Visible" | "Hidden"

export interface CategoryValues {
  readonly name: string
  readonly description: string
  readonly visibilityStatus: Visibility
}

export const emptyCategory: CategoryValues = {
  name: "",
  description: "",
  visibilityStatus: "Visible",
}

export const categoryValues = (category: {
  readonly name: string
  readonly description: string
  readonly visibilityStatus: Visibility
}): CategoryValues => ({
  name: category.name,
  description: category.description,
  visibilityStatus: category.visibilityStatus,
})

/** What is sent: surrounding spaces are noise, not part of a name. */
export const categoryPayload = (values: CategoryValues): CategoryRequestJson => ({
  name: values.name.trim(),
  description: values.description.trim(),
  visibilityStatus: values.visibilityStatus,
})

/** The server's own words (core/src/rules), so the form says it before the round trip. */
export const requiredText = (message: string) => (value: string) =>
  value.trim() === "" ? message : undefined

/** The upload's multipart body as the contract names its parts (contracts/src/images.ts). */
export const uploadForm = (files: readonly File[], description: string): FormData => {
  const form = new FormData()
  for (const file of files) form.append("files", file, file.name)
  if (description.trim() !== "") form.append("description", description.trim())
  return form
}

/** The most files one upload takes (docs/decisions/0028). */
export const MAX_FILES_PER_UPLOAD = 10

/** The ids in a new order: the one at `index` moved by `delta` places, kept within the list. */
export const moveItem = <T>(items: readonly T[], index: number, delta: number): T[] => {
  const out = [...items]
  if (index < 0 || index >= out.length) return out
  const target = Math.min(out.length - 1, Math.max(0, index + delta))
  const [moved] = out.splice(index, 1)
  out.splice(target, 0, moved as T)
  return out
}

export const formatBytes = (bytes: number | null): string => {
  if (bytes === null) return "—"
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
