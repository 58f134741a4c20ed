/**
 * What a category and an attribute type must be before they are stored
 * (decision 0027): pure rules, keyed by the wire's field names.
 */
import type { VisibilityStatus } from "../competitions/model.js"
import { MAX_NAME_LENGTH, messages } from "./validation.js"

export const MAX_CATEGORY_DESCRIPTION_LENGTH = 1000

export const catalogueMessages = {
  nameRequired: "A name is required",
  nameTooLong: messages.nameTooLong,
  descriptionTooLong: `Please keep the description to ${MAX_CATEGORY_DESCRIPTION_LENGTH} characters or fewer`,
  attributeDescriptionRequired: "A description is required",
  attributeDescriptionTooLong: messages.nameTooLong,
  attributeDescriptionTaken: "There is already an attribute type with this description",
} as const

export interface CategoryDraft {
  readonly name: string
  readonly description: string
  readonly visibilityStatus: VisibilityStatus
}
export type CategoryDraftErrors = Partial<Record<keyof CategoryDraft, string>>

export const validateCategory = (draft: CategoryDraft): CategoryDraftErrors => {
  const errors: CategoryDraftErrors = {}
  const name = draft.name.trim()
  if (name === "") errors.name = catalogueMessages.nameRequired
  else if (name.length > MAX_NAME_LENGTH) errors.name = catalogueMessages.nameTooLong
  if (draft.description.length > MAX_CATEGORY_DESCRIPTION_LENGTH)
    errors.description = catalogueMessages.descriptionTooLong
  return errors
}

/**
 * Two categories that read alike to staff and shoppers ("Golf", "golf ")
 * are one (docs/decisions/0074); the database's unique index on
 * lower(btrim(name)) says the same.
 */
export const sameCategoryName = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase()

/** The other category a name would read as, among `existing` names; undefined when it is free. */
export const categoryNameClash = (name: string, existing: readonly string[]): string | undefined =>
  existing.find((other) => sameCategoryName(other, name))

/** Why a name is refused, naming the category it would be confused with. */
export const categoryNameTakenMessage = (existing: string): string =>
  `There is already a category called “${existing.trim()}”. Choose another name, or edit that category instead.`

export interface AttributeTypeDraft {
  readonly description: string
}
export type AttributeTypeDraftErrors = Partial<Record<keyof AttributeTypeDraft, string>>

/** Two types that read alike to staff ("Competition order", "competition order ") are one. */
export const sameAttributeDescription = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase()

/** `existing` lists the other types' descriptions. */
export const validateAttributeType = (
  draft: AttributeTypeDraft,
  existing: readonly string[],
): AttributeTypeDraftErrors => {
  const description = draft.description.trim()
  if (description === "") return { description: catalogueMessages.attributeDescriptionRequired }
  if (description.length > MAX_NAME_LENGTH)
    return { description: catalogueMessages.attributeDescriptionTooLong }
  if (existing.some((other) => sameAttributeDescription(other, description)))
    return { description: catalogueMessages.attributeDescriptionTaken }
  return {}
}
