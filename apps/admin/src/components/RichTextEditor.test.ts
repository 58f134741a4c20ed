import { describe, expect, it } from "vitest"
import { TOOLBAR_COMMANDS } from "./RichTextEditor"

/** Words as a screen reader and speech input meet them: letters and digits, any case. */
const words = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean)

/**
 * WCAG 2.5.3's "label in name", as axe's label-content-name-mismatch reads
 * it: the words shown run, in order, somewhere in the accessible name. A
 * single letter or a symbol (B, ¶) is not text a person would say, so it
 * is exempt, as axe exempts it.
 */
const labelInName = (shown: string, name: string) => {
  const label = words(shown)
  if (label.length === 0 || (label.length === 1 && (label[0]?.length ?? 0) < 2)) return true
  const all = words(name)
  return all.some((_, i) => label.every((word, j) => all[i + j] === word))
}

describe("the text editor's toolbar", () => {
  it("names every button with the text it shows", () => {
    for (const command of TOOLBAR_COMMANDS)
      expect(labelInName(command.text, command.name), `${command.text} → ${command.name}`).toBe(
        true,
      )
  })

  it("still says what the heading and list buttons do", () => {
    const names = TOOLBAR_COMMANDS.map((c) => c.name)
    expect(names).toEqual(
      expect.arrayContaining(["H2 heading", "H3 subheading", "1. List, numbered"]),
    )
  })

  it("reads a mismatch as one", () => {
    expect(labelInName("H2", "Heading")).toBe(false)
    expect(labelInName("1. List", "Numbered list")).toBe(false)
    expect(labelInName("• List", "Bulleted list")).toBe(true)
  })
})
