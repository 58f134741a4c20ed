/**
 * Editing the site's Resources (issue 10 §3 Content). The checks are core's
 * rules/site-content, the ones the server applies, so a bad value is named
 * before it is sent. Clubs are stored as compact JSON; staff edit them
 * laid out one club per line.
 */
import type { EditableResourceJson } from "@howzat/contracts/site-content"
import { checkResourceValue } from "@howzat/core/rules/site-content"

type Kind = EditableResourceJson["kind"]

/** The text an editor starts with for a stored value. */
export const editorText = (kind: Kind, value: string | null): string => {
  if (value === null) return kind === "Clubs" ? "[]" : ""
  if (kind !== "Clubs") return value
  try {
    return JSON.stringify(JSON.parse(value), null, 2)
  } catch {
    // A stored value the rules would refuse now: shown as it is, to be fixed.
    return value
  }
}

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
  Clubs: "JSON list of clubs",
}
