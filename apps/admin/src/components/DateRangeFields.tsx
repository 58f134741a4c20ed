/**
 * A from–to pair of UK dates for a filter form: both inclusive, named
 * `from` and `to` as the screens' search parameters are.
 */
export function DateRangeFields({
  id,
  from,
  to,
}: {
  readonly id: string
  readonly from: string
  readonly to: string
}) {
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={`${id}-from`} className="label">
          From (UK date)
        </label>
        <input id={`${id}-from`} name="from" type="date" className="input" defaultValue={from} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-to`} className="label">
          To (UK date, inclusive)
        </label>
        <input id={`${id}-to`} name="to" type="date" className="input" defaultValue={to} />
      </div>
    </>
  )
}
