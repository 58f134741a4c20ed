import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseStaffArguments, splitName } from "./staff-arguments"

const add = (...rest: string[]) =>
  parseStaffArguments(["add", "--email", "ada@howzat.example", "--name", "Ada Lovelace", ...rest])

describe("parseStaffArguments", () => {
  it("adds Staff with a one-time password unless told otherwise", () => {
    expect(add()).toEqual({
      _tag: "Add",
      emailAddress: "ada@howzat.example",
      firstName: "Ada",
      lastName: "Lovelace",
      role: "Staff",
      handover: "OneTimePassword",
    })
  })

  it("takes the role in any capitalisation, and --send-link", () => {
    expect(add("--role", "Admin")).toMatchObject({ role: "Admin" })
    expect(add("--role", "ADMIN")).toMatchObject({ role: "Admin" })
    expect(add("--role", "staff")).toMatchObject({ role: "Staff" })
    expect(add("--send-link")).toMatchObject({ handover: "SetPasswordLink" })
    expect(add("--role=Admin", "--send-link")).toMatchObject({
      role: "Admin",
      handover: "SetPasswordLink",
    })
  })

  it("answers help when asked", () => {
    expect(parseStaffArguments(["--help"])).toEqual({ _tag: "Help" })
    expect(parseStaffArguments(["-h"])).toEqual({ _tag: "Help" })
    expect(parseStaffArguments(["help"])).toEqual({ _tag: "Help" })
  })

  it.each([
    [[], /say what to do/],
    [["remove", "--email", "a@b.example"], /unknown command "remove"/],
    [["add", "--name", "Ada Lovelace"], /--email is needed/],
    [["add", "--email", " ", "--name", "Ada Lovelace"], /--email is needed/],
    [["add", "--email", "a@b.example"], /--name is needed/],
    [["add", "--email", "a@b.example", "--name", "Ada"], /first and a last name/],
    [["add", "--email", "a@b.example", "--name", "Ada", "Lovelace"], /unexpected "Lovelace"/],
    [["add", "--email", "a@b.example", "--name", "Ada L", "--role", "Owner"], /Admin or Staff/],
    [["add", "--email", "a@b.example", "--name", "Ada L", "--colour", "red"], /colour/],
    [["add", "--email"], /email/],
  ])("refuses %j, saying why", (args, why) => {
    const parsed = parseStaffArguments(args)
    expect(parsed._tag).toBe("Invalid")
    expect(parsed._tag === "Invalid" && parsed.problem).toMatch(why)
  })
})

describe("splitName", () => {
  it("takes the first word as the first name and the rest as the last", () => {
    expect(splitName("  Ada   Lovelace ")).toEqual({ firstName: "Ada", lastName: "Lovelace" })
    expect(splitName("Ludwig van Beethoven")).toEqual({
      firstName: "Ludwig",
      lastName: "van Beethoven",
    })
    expect(splitName("Cher")).toBeUndefined()
    expect(splitName("   ")).toBeUndefined()
  })

  it("loses no word and adds none", () => {
    const word = fc.stringMatching(/^[^\s]{1,12}$/)
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 5 }), (words) => {
        const name = splitName(words.join(" "))
        expect(name?.firstName).toBe(words[0])
        expect(name?.lastName).toBe(words.slice(1).join(" "))
      }),
    )
  })
})
