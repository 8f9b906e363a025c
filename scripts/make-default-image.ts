// Renders the neutral spice-jar artwork to the storefront's last-resort product image,
// /default-image.jpg (600x600 JPEG). Run after editing the source SVG:
//   npx node scripts/make-default-image.ts
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const source = fileURLToPath(new URL('../apps/web/public/images/default-image-source.svg', import.meta.url));
const target = fileURLToPath(new URL('../apps/web/public/default-image.jpg', import.meta.url));

const info = await sharp(source, { density: 72 })
  .resize(600, 600, { fit: 'contain', background: '#F6EEDF' })
  .flatten({ background: '#F6EEDF' })
  .jpeg({ quality: 80, mozjpeg: true })
  .toFile(target);

console.log(`wrote ${target} (${info.width}x${info.height}, ${info.size} bytes)`);
