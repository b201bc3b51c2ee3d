import { encode } from 'uqr'

export type QrCodeProps = {
  /** The text to encode (a setup link). */
  value: string
  /** What the code is for, read by screen readers. */
  label: string
  testId?: string
}

/**
 * A QR code as inline SVG, dark on a white quiet zone in either theme (a
 * camera needs the contrast). Loaded lazily: only the pairing dialog of a
 * phone needs the encoder.
 */
export default function QrCode({ value, label, testId }: QrCodeProps) {
  // Low error correction keeps a long configuration link small enough to scan from a screen.
  const { size, data } = encode(value, { ecc: 'L', border: 4 })
  let path = ''
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    }),
  )
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-56 max-w-full shrink-0 rounded-lg border bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
