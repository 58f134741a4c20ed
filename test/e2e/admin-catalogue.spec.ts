import { expect, type Page } from "@playwright/test"
import { openDashboard, png, seriousViolations, test, uniqueName } from "./back-office"

/**
 * Decisions 0027 and 0026: staff keep the catalogue (categories, attribute types,
 * images, image groups) from the back office, and an upload that is not an
 * image, or is too large, is refused by name with nothing stored.
 */

const upload = async (
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
  altText: string,
) => {
  const form = page.getByRole("region", { name: "Upload images" })
  await form.getByLabel("Image files").setInputFiles(files)
  await form.getByLabel(/Alt text for these images/).fill(altText)
  await form.getByRole("button", { name: "Upload" }).click()
  return form
}

const searchLibrary = async (page: Page, text: string) => {
  await page.getByLabel("Search by alt text").fill(text)
  await page.getByRole("button", { name: "Search", exact: true }).click()
  await expect(page).toHaveURL(/q=/)
}

test("a second category that reads like another is refused, by name, on add and rename", async ({
  page,
}) => {
  await page.goto("/admin/categories")
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible()
  const name = uniqueName("Golf")
  const newForm = page.getByRole("region", { name: "New category" })
  const add = async (typed: string) => {
    await newForm.getByLabel("Name").fill(typed)
    await newForm.getByRole("button", { name: "Add category" }).click()
  }
  await add(name)
  await expect(newForm.getByRole("status")).toHaveText("Saved")
  await add(`Other ${name}`)
  await expect(newForm.getByRole("status")).toHaveText("Saved")

  // The same name in another case, with spaces round it: refused beside the field, kept as typed.
  const twin = `  ${name.toLowerCase()} `
  await add(twin)
  const nameField = newForm.getByLabel("Name")
  await expect(nameField).toHaveAccessibleDescription(
    `There is already a category called “${name}”. Choose another name, or edit that category instead.`,
  )
  await expect(nameField).toHaveAttribute("aria-invalid", "true")
  await expect(nameField).toHaveValue(twin)
  await expect(newForm.getByRole("status")).toHaveText("")
  expect(await seriousViolations(page)).toEqual([])
  await expect(page.getByRole("link", { name: new RegExp(`^${name}$`, "i") })).toHaveCount(1)

  // Renaming the other one to it is refused the same way.
  await page.getByRole("link", { name: `Edit Other ${name}` }).click()
  const details = page.getByRole("region", { name: "Details" })
  await details.getByLabel("Name").fill(name.toUpperCase())
  await details.getByRole("button", { name: "Save changes" }).click()
  await expect(details.getByText(`There is already a category called “${name}”.`)).toBeVisible()
  await expect(page.getByRole("heading", { name: `Other ${name}`, level: 1 })).toBeVisible()
})

test("staff create, rename and delete a category", async ({ page }) => {
  await openDashboard(page)
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Categories" })
    .click()
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible()

  const name = uniqueName("E2E category")
  const newForm = page.getByRole("region", { name: "New category" })
  // Nothing typed: the form says what is missing before asking the server.
  await newForm.getByRole("button", { name: "Add category" }).click()
  await expect(newForm.getByText("A name is required")).toBeVisible()
  await newForm.getByLabel("Name").fill(name)
  await newForm.getByLabel("Description").fill("Made by the catalogue journey")
  await newForm.getByRole("button", { name: "Add category" }).click()
  await expect(newForm.getByRole("status")).toHaveText("Saved")
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole("link", { name: `Edit ${name}` }).click()
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible()
  const renamed = `${name} renamed`
  const details = page.getByRole("region", { name: "Details" })
  await details.getByLabel("Name").fill(renamed)
  await details.getByLabel("Visibility").selectOption("Hidden")
  await details.getByRole("button", { name: "Save changes" }).click()
  await expect(details.getByRole("status")).toHaveText("Saved")
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible()
  await expect(page.getByText("No competitions in this category yet.")).toBeVisible()

  // A demo competition joins the category and leaves it again; the competition itself stays.
  const bat = "Gray-Nicolls Legend Cricket Bat + £250 Kit Voucher"
  await page.getByLabel("Add a competition: search by name").fill("Cricket Bat")
  await page.getByRole("button", { name: "Find" }).click()
  await page.getByRole("button", { name: `Add ${bat} to this category` }).click()
  const linked = page.getByRole("table", { name: `Competitions in ${renamed}` })
  await expect(linked.getByRole("cell", { name: bat, exact: true })).toBeVisible()
  await expect(page.getByText("In this category", { exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: `Remove ${bat} from this category` }).click()
  const unlink = page.getByRole("dialog", { name: `Remove “${bat}” from ${renamed}?` })
  await unlink.getByRole("button", { name: "Remove from category" }).click()
  await expect(unlink).toBeHidden()
  await expect(page.getByText("No competitions in this category yet.")).toBeVisible()

  await page.getByRole("link", { name: "All categories" }).click()
  await page.getByLabel("Search by name").fill(renamed)
  await page.getByRole("button", { name: "Search", exact: true }).click()
  await expect(page.getByRole("link", { name: renamed, exact: true })).toBeVisible()
  await page.getByRole("button", { name: `Delete ${renamed}` }).click()
  const dialog = page.getByRole("dialog", { name: `Delete “${renamed}”?` })
  await expect(dialog).toContainText("Its competitions stay")
  await dialog.getByRole("button", { name: "Delete category" }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText("No category matches.")).toBeVisible()
})

test("staff add, rename and delete an attribute type", async ({ page }) => {
  await page.goto("/admin/attribute-types")
  const description = uniqueName("E2E attribute")
  const newForm = page.getByRole("region", { name: "New attribute type" })
  await newForm.getByLabel("Description").fill(description)
  await newForm.getByRole("button", { name: "Add" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Added" })).toBeVisible()
  await page.getByLabel("Search by description").fill(description)
  await page.getByRole("button", { name: "Search", exact: true }).click()
  // The search has been applied: the list holds this journey's type alone.
  const rows = page.getByRole("table", { name: "Attribute types" }).getByRole("row")
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText(description)
  await page.getByRole("button", { name: `Rename ${description}` }).click()
  await page.getByLabel(`New description for ${description}`).fill(`${description} 2`)
  await page.getByRole("button", { name: "Save", exact: true }).click()
  await expect(page.getByRole("cell", { name: `${description} 2`, exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: `Delete ${description} 2` }).click()
  await page.getByRole("dialog").getByRole("button", { name: "Delete attribute type" }).click()
  await expect(page.getByRole("cell", { name: `${description} 2`, exact: true })).toBeHidden()
})

test("an uploaded PNG joins the library and a group; a fake or huge file is refused, nothing stored", async ({
  page,
}) => {
  await openDashboard(page)
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Images", exact: true })
    .click()
  await expect(page.getByRole("heading", { name: "Images", level: 1 })).toBeVisible()

  const alt = uniqueName("E2E prize photo")
  const form = await upload(
    page,
    [{ name: "prize.png", mimeType: "image/png", buffer: png() }],
    alt,
  )
  await expect(form.getByRole("status")).toHaveText("Uploaded 1 image.")
  await searchLibrary(page, alt)
  const shown = page.getByRole("list", { name: "Image library" }).getByRole("img", { name: alt })
  await expect(shown).toBeVisible()
  // The thumbnail really loads from the file store.
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(8)
  expect(await seriousViolations(page)).toEqual([])

  // A text file renamed .png: refused by its bytes, named, and nothing stored.
  const fakeAlt = uniqueName("E2E fake")
  await upload(
    page,
    [
      {
        name: "notes.png",
        mimeType: "image/png",
        buffer: Buffer.from("just some notes, not a picture"),
      },
    ],
    fakeAlt,
  )
  await expect(form.getByRole("alert")).toContainText("Nothing was uploaded.")
  await expect(form.getByRole("alert")).toContainText(
    '"notes.png" is not a JPEG, PNG, WebP, GIF or AVIF image.',
  )
  await searchLibrary(page, fakeAlt)
  await expect(page.getByText("No image matches.")).toBeVisible()

  // Over the 5 MB limit, though it starts like a PNG.
  const hugeAlt = uniqueName("E2E huge")
  const huge = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)])
  await upload(page, [{ name: "huge.png", mimeType: "image/png", buffer: huge }], hugeAlt)
  await expect(form.getByRole("alert")).toContainText('"huge.png" is larger than 5 MB.')
  await searchLibrary(page, hugeAlt)
  await expect(page.getByText("No image matches.")).toBeVisible()

  // The good image goes into a new group, then the group is deleted and the image stays.
  await page.goto("/admin/image-groups/new")
  const groupName = uniqueName("E2E gallery")
  await page.getByLabel("Name").fill(groupName)
  await page.getByLabel("Search by alt text").fill(alt)
  await page.getByRole("button", { name: "Search", exact: true }).click()
  await page.getByRole("button", { name: `Add ${alt} to the group` }).click()
  await expect(page.getByRole("group", { name: /Images in display order \(1\)/ })).toBeVisible()
  await page.getByRole("button", { name: "Create group" }).click()
  await expect(page.getByRole("heading", { name: groupName, level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: "Delete group" }).click()
  await page.getByRole("dialog").getByRole("button", { name: "Delete group" }).click()
  await expect(page.getByRole("heading", { name: "Image groups", level: 1 })).toBeVisible()

  await page.goto(`/admin/images?q=${encodeURIComponent(alt)}`)
  const card = page.getByRole("listitem").filter({ has: page.getByRole("img", { name: alt }) })
  await card.getByRole("button", { name: `Delete ${alt}` }).click()
  await page.getByRole("dialog").getByRole("button", { name: "Delete image" }).click()
  await expect(page.getByText("No image matches.")).toBeVisible()
})

test("the catalogue screens work at tablet width", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1100 })
  for (const path of ["/admin/categories", "/admin/images", "/admin/image-groups"]) {
    await page.goto(path)
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    // Nothing pushes the page sideways; wide tables scroll inside their card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
  }
  await page.getByRole("button", { name: "Menu" }).click()
  await expect(page.getByRole("link", { name: "Attribute types" })).toBeVisible()
})
