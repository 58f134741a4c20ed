import { HONEY_POT } from "../../api/accounts"

/**
 * The server's honey-pot field (decision 0015): people never see this box,
 * bots that fill in every field do, and the server answers them as if all
 * went well while keeping nothing.
 */
export const HoneyPotBox = ({
  value,
  onChange,
}: {
  readonly value: string
  readonly onChange: (value: string) => void
}) => (
  <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
    <label>
      Leave this empty
      <input
        type="text"
        name={HONEY_POT}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  </div>
)
