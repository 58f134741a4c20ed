import {
  type CompetitionFormValues,
  withAttributeChanged,
  withCategory,
  withoutAttribute,
} from "../../lib/competition-form"
import { Field } from "../Field"
import type { CompetitionReferences } from "./references"
import type { SectionProps } from "./use-competition-form"

type WithReferences = SectionProps & { readonly references: CompetitionReferences }

/** How the competition shows in the shop: visibility, categories, numbers, images, attributes. */
export function ShopSection(props: WithReferences) {
  return (
    <section className="card space-y-4 p-4" aria-labelledby="shop-h">
      <h2 id="shop-h" className="font-semibold">
        In the shop
      </h2>
      <VisibilityField {...props} />
      <CategoriesField {...props} />
      <PickYourNumbersField {...props} />
      <ImageGroupField {...props} />
      <AttributesField {...props} />
    </section>
  )
}

function VisibilityField({ form, errorOf }: SectionProps) {
  return (
    <form.Field name="visibilityStatus">
      {(field) => (
        <Field field={field} label="Visibility" serverError={errorOf("visibilityStatus")}>
          {({ id, describedBy }) => (
            <select
              id={id}
              className="input max-w-xs"
              value={field.state.value}
              aria-describedby={describedBy}
              onChange={(e) =>
                field.handleChange(e.target.value as CompetitionFormValues["visibilityStatus"])
              }
            >
              <option value="Hidden">Hidden (staff only)</option>
              <option value="Visible">Published</option>
            </select>
          )}
        </Field>
      )}
    </form.Field>
  )
}

function CategoriesField({ form, errorOf, references }: WithReferences) {
  return (
    <form.Field name="categoryIds">
      {(field) => (
        <fieldset className="space-y-1">
          <legend className="label">Categories</legend>
          {references.categories.length === 0 ? (
            <p className="text-sm text-slate-600">No categories yet.</p>
          ) : (
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {references.categories.map((category) => (
                <label key={category.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary-700"
                    checked={field.state.value.includes(category.id)}
                    onChange={(e) =>
                      field.handleChange(
                        withCategory(field.state.value, category.id, e.target.checked),
                      )
                    }
                  />
                  {category.name}
                  {category.visibilityStatus === "Hidden" && (
                    <span className="text-xs text-slate-500">(hidden)</span>
                  )}
                </label>
              ))}
            </div>
          )}
          {errorOf("categoryIds") && (
            <p className="text-xs text-red-700">{errorOf("categoryIds")}</p>
          )}
        </fieldset>
      )}
    </form.Field>
  )
}

function PickYourNumbersField({ form, errorOf }: SectionProps) {
  return (
    <form.Field name="pickYourNumbers">
      {(field) => (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary-700"
              checked={field.state.value}
              aria-describedby="pick-your-numbers-hint"
              onChange={(e) => field.handleChange(e.target.checked)}
            />
            Customers may pick their numbers
          </label>
          <p id="pick-your-numbers-hint" className="text-xs text-slate-600">
            A grid of the free numbers on the competition page; Lucky Dip stays the default. Not
            with instant wins, whose winning numbers are public.
          </p>
          {errorOf("pickYourNumbers") && (
            <p className="text-xs text-red-700" role="alert">
              {errorOf("pickYourNumbers")}
            </p>
          )}
        </div>
      )}
    </form.Field>
  )
}

function ImageGroupField({ form, errorOf, references }: WithReferences) {
  return (
    <form.Field name="imageGroupId">
      {(field) => (
        <Field
          field={field}
          label="Image group"
          serverError={errorOf("imageGroupId")}
          hint="Made under Image groups."
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              className="input max-w-md"
              value={field.state.value}
              aria-describedby={describedBy}
              onChange={(e) => field.handleChange(e.target.value)}
            >
              <option value="">No images</option>
              {references.imageGroups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name} ({group.images.length} images)
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </form.Field>
  )
}

function AttributesField({ form, errorOf, references }: WithReferences) {
  return (
    <form.Field name="attributes">
      {(field) => (
        <fieldset className="space-y-2">
          <legend className="label">Attributes</legend>
          {field.state.value.map((attribute, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
              key={index}
              className="flex flex-wrap items-end gap-2"
            >
              <label className="text-sm">
                <span className="label">Attribute {index + 1}</span>
                <select
                  className="input"
                  value={attribute.attributeTypeId}
                  onChange={(e) =>
                    field.handleChange(
                      withAttributeChanged(field.state.value, index, {
                        attributeTypeId: e.target.value,
                      }),
                    )
                  }
                >
                  <option value="">Choose…</option>
                  {references.attributeTypes.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.description}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grow text-sm">
                <span className="label">Value {index + 1}</span>
                <input
                  className="input"
                  value={attribute.value}
                  onChange={(e) =>
                    field.handleChange(
                      withAttributeChanged(field.state.value, index, { value: e.target.value }),
                    )
                  }
                />
              </label>
              <button
                type="button"
                className="btn"
                onClick={() => field.handleChange(withoutAttribute(field.state.value, index))}
              >
                Remove attribute {index + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn"
            disabled={references.attributeTypes.length === 0}
            onClick={() =>
              field.handleChange([...field.state.value, { attributeTypeId: "", value: "" }])
            }
          >
            Add an attribute
          </button>
          {references.attributeTypes.length === 0 && (
            <p className="text-xs text-slate-500">Make attribute types first.</p>
          )}
          {errorOf("attributes") && <p className="text-xs text-red-700">{errorOf("attributes")}</p>}
        </fieldset>
      )}
    </form.Field>
  )
}
