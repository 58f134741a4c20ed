import { useId } from "react"
import { basketTexts } from "../../lib/basket"

/** A customer's detail, shown but not edited here (docs/product/screens.md: with the tooltip). */
export const ReadOnlyField = ({ label, value }: { label: string; value: string }) => {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        title={basketTexts.readOnlyField}
        aria-describedby={`${id}-why`}
        className="field-input cursor-not-allowed bg-sunken text-muted"
      />
      <span id={`${id}-why`} className="sr-only">
        {basketTexts.readOnlyField}
      </span>
    </div>
  )
}
