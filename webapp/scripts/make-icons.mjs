// Draws the app icons from the brand mark (public/favicon.svg's heart) with
// the Chromium the browser tests use, so no image library is needed:
//   public/icons/icon-{192,512}.png      the "any" icons (rounded square),
//   public/icons/maskable-512.png        full bleed, the heart inside the
//                                        40 % safe-zone circle phones crop to,
//   public/icons/apple-touch-icon.png    180 px, iOS adds its own corners,
//   public/favicon.ico                   32 px PNG in an ICO container.
// Run it after changing the mark: `node scripts/make-icons.mjs`.
import { writeFileSync } from 'node:fs'
import path from 'node:path'

import { chromium } from '@playwright/test'

const publicDir = path.resolve(import.meta.dirname, '../public')
const teal = '#0f766e'
const sand = '#fdf6ec'
const heart = 'M16 25s-8.5-5.1-8.5-11A4.8 4.8 0 0 1 16 11a4.8 4.8 0 0 1 8.5 3c0 5.9-8.5 11-8.5 11z'

// scale: how much of the 32-unit square the heart's box fills; radius: corner rounding.
const svg = ({ scale, radius }) => {
  const offset = 16 - 16 * scale
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">
<rect width="32" height="32" rx="${radius}" fill="${teal}"/>
<path transform="translate(${offset} ${offset}) scale(${scale})" d="${heart}" fill="${sand}"/></svg>`
}

const icons = [
  { file: 'icons/icon-192.png', size: 192, scale: 1, radius: 8 },
  { file: 'icons/icon-512.png', size: 512, scale: 1, radius: 8 },
  { file: 'icons/maskable-512.png', size: 512, scale: 0.8, radius: 0 },
  { file: 'icons/apple-touch-icon.png', size: 180, scale: 0.9, radius: 0 },
  { file: 'favicon.png', size: 32, scale: 1, radius: 8 },
]

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const page = await browser.newPage()
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size })
    await page.setContent(`<body style="margin:0;background:transparent">${svg(icon)}</body>`)
    const png = await page.screenshot({ omitBackground: true, type: 'png' })
    if (icon.file === 'favicon.png') {
      writeFileSync(path.join(publicDir, 'favicon.ico'), ico(png, icon.size))
    } else {
      writeFileSync(path.join(publicDir, icon.file), png)
    }
  }
} finally {
  await browser.close()
}

// An ICO file holding one PNG image (supported by every browser since IE Vista-era).
function ico(png, size) {
  const header = Buffer.alloc(6 + 16)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size, 6)
  header.writeUInt8(size, 7)
  header.writeUInt8(0, 8) // no palette
  header.writeUInt8(0, 9)
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(header.length, 18)
  return Buffer.concat([header, png])
}
