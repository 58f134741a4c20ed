import { encode } from "uqr"

/**
 * A QR code drawn as SVG squares from the encoder's matrix: no image file,
 * no inline HTML, so the page's CSP stays `'self'` only.
 */
export function QrCode({ text, label }: { readonly text: string; readonly label: string }) {
  const { data, size } = encode(text, { ecc: "M", border: 2 })
  const squares: string[] = []
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`)
    })
  })
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={squares.join("")} fill="#0f172a" />
    </svg>
  )
}
