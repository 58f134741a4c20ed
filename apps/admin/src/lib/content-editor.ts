/**
 * Editing the site's Resources (decision 0031). The checks are core's
 * rules/site-content, the ones the server applies, so a bad value is named
 * before it is sent. (The clubs list is no Resource to edit: it follows the
 * clubs table, decision 0033.)
 */
import type { EditableResourceJson } from "@howzat/contracts/site-content"
import { checkResourceValue } from "@howzat/core/rules"

type Kind = EditableResourceJson["kind"]

/** The text an editor starts with for a stored value. */
export const editorText = (_kind: Kind, value: string | null): string => value ?? ""

/** What is wrong with the typed text, in the server's words; undefined when it may be sent. */
export const contentProblem = (
  resource: Pick<EditableResourceJson, "key" | "kind" | "description">,
  text: string,
): string | undefined => {
  const check = checkResourceValue(resource, text)
  return check._tag === "Invalid" ? check.message : undefined
}

export const kindLabel: Record<Kind, string> = {
  Html: "HTML",
  Styles: "CSS",
}
